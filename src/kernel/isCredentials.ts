/**
 * @internal
 * Whether `value` is `Credentials`: `{ bearerToken?: string, headers?: Record<string, string> }`
 * and nothing else. Checked on what a host stores and on what a store reads back.
 */
export function isCredentials(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { bearerToken, headers, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return false;
  if (bearerToken !== undefined && typeof bearerToken !== 'string') return false;
  if (headers === undefined) return true;
  return typeof headers === 'object' && headers !== null && !Array.isArray(headers) && Object.values(headers).every((header) => typeof header === 'string');
}
