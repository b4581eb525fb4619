/** The `code` of a Node file-system error (`ENOENT`, `EACCES`, ...), if it has one. */
export function getErrnoCode(thrown: unknown): string | undefined {
  const code = (thrown as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
