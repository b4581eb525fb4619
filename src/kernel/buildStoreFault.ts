import { getErrnoCode } from './getErrnoCode.js';

/**
 * @internal
 * The error a store on a server (Redis, PostgreSQL) throws when its driver fails: what it could
 * not do and the driver's error code or name (`ECONNREFUSED`, `57P01`, `SocketClosedUnexpectedlyError`),
 * never the driver's message, which may quote an address, a key or a stored value. The driver's
 * error is kept as `cause` for the host's logs.
 */
export function buildStoreFault(subject: string, action: string, thrown: unknown): Error {
  const code = getErrnoCode(thrown) ?? (thrown instanceof Error && thrown.name !== 'Error' ? thrown.name : undefined);
  return new Error(`${subject} could not ${action}${code === undefined ? '' : ` (${code})`}.`, { cause: thrown });
}
