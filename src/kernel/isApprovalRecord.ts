/**
 * @internal
 * Whether `value`, read back from a store, is a whole approval record with this `id`: every
 * field of an `ApprovalRequest` present with its type, and dates that parse. A store holds
 * approvals outside this process (a file, a Redis key, a table row) where anything may have
 * changed them, so a record that fails this check is never honoured.
 */
export function isApprovalRecord(value: unknown, id: string): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (record.id !== id) return false;
  for (const field of ['callId', 'toolName', 'sessionId', 'turnId', 'reason', 'binding', 'createdAt', 'expiresAt']) {
    if (typeof record[field] !== 'string') return false;
  }
  if (
    !Number.isFinite(Date.parse(record.expiresAt as string)) ||
    !Number.isFinite(Date.parse(record.createdAt as string))
  )
    return false;
  const { requests } = record;
  return (
    Array.isArray(requests) &&
    requests.every((request) => typeof request === 'object' && request !== null && !Array.isArray(request))
  );
}
