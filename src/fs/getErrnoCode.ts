/** The `code` of a Node system error (`ENOENT`, `EEXIST`, ...), or `undefined`. */
export function getErrnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
