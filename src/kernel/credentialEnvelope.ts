/**
 * What a durable credential store keeps for one provider: the same shape as the core's
 * `Credentials` (the kernel imports nothing of the core).
 * @internal
 */
export interface StoredCredentials {
  readonly bearerToken?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Whether `value` is `Credentials`: `{ bearerToken?: string, headers?: Record<string, string> }`
 * and nothing else. Checked on what a host stores and on what a store reads back.
 * @internal
 */
export function isCredentials(value: unknown): value is StoredCredentials {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { bearerToken, headers, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return false;
  if (bearerToken !== undefined && typeof bearerToken !== 'string') return false;
  if (headers === undefined) return true;
  return (
    typeof headers === 'object' &&
    headers !== null &&
    !Array.isArray(headers) &&
    Object.values(headers).every((header) => typeof header === 'string')
  );
}

/**
 * The copy of `credentials` a store's `set` keeps (so a later change to the host's object
 * changes nothing stored), or a `TypeError` naming `subject` and no value when they are not
 * `Credentials`.
 * @internal
 */
export function copyCredentials(subject: string, credentials: unknown): StoredCredentials {
  if (!isCredentials(credentials)) {
    throw new TypeError(
      `${subject}.set: credentials must be { bearerToken?: string, headers?: Record<string, string> }.`,
    );
  }
  return {
    ...(credentials.bearerToken === undefined ? {} : { bearerToken: credentials.bearerToken }),
    ...(credentials.headers === undefined ? {} : { headers: { ...credentials.headers } }),
  };
}

/**
 * The text a store writes for `provider` (a file, a Redis string): `{ provider, credentials }` as
 * JSON, so an entry read back is checked to be this provider's. `credentials` must come from
 * {@link copyCredentials}.
 * @internal
 */
export function sealCredentials(provider: string, credentials: StoredCredentials): string {
  return JSON.stringify({ provider, credentials });
}

/**
 * The credentials in a stored `text` if it is this provider's entry written by
 * {@link sealCredentials}; `undefined` for anything else (not JSON, another provider's, another
 * shape), which every store treats as no credentials (the next `set` replaces it). Never
 * quotes the text.
 * @internal
 */
export function openCredentials(text: string, provider: string): StoredCredentials | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const stored = value as { readonly provider?: unknown; readonly credentials?: unknown };
  return stored.provider === provider && isCredentials(stored.credentials) ? stored.credentials : undefined;
}
