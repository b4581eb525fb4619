import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';

/**
 * The approval a resumed run carries down to the call it names, and whether that call has
 * consumed it yet.
 */
export interface ApprovalRun {
  readonly approval: ApprovalRequest;
  consumed: boolean;
}
