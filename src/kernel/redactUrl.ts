/**
 * @internal
 * `url` with its password replaced by `***`, for messages and logs; `fallback` when it does
 * not parse (then nothing of it is shown).
 */
export function redactUrl(url: string, fallback: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return fallback;
  }
}
