import { rejectApproval } from '../ApprovalGate.js';
import { failure } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/**
 * For `executeApproved`: a resumed run that completed must have consumed its approval (the call
 * it names ran, here or nested); otherwise the approval named no call of this run.
 */
export const checkApprovalConsumed = defineStep('checkApprovalConsumed', (call) => {
  const { run } = call;
  if (run === undefined || run.consumed) return CONTINUE;
  return failure(rejectApproval('approval_not_consumed', run.approval.id, call.request.toolName), true);
});
