import type { ApprovalRequest } from './ApprovalRequest.js';

/** The outcome of consuming an approval. */
export type ApprovalConsumeResult = 'consumed' | 'already_used' | 'unknown';

/**
 * Remembers the approvals an executor issued, so that each is honoured once. Bound under
 * `APPROVAL_STORE`; the default keeps them in memory, so only the process that issued an
 * approval can resume it. Share one durable store between executors that must accept each
 * other's approvals, across a restart or between processes (`FileApprovalStore` from
 * `agentkit-tools-core/stores`). A store that cannot answer throws: the call then does not run.
 */
export interface ApprovalStore {
  /** Records an approval the executor just issued. */
  issue(approval: ApprovalRequest): void | Promise<void>;
  /** The issued approval with this id, used or not, or `undefined`. */
  get(id: string): ApprovalRequest | undefined | Promise<ApprovalRequest | undefined>;
  /** Marks the approval used; atomic: exactly one caller gets `consumed`. */
  consume(id: string): ApprovalConsumeResult | Promise<ApprovalConsumeResult>;
}
