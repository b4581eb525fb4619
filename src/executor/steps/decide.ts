import { ApprovalGate, rejectApproval } from '../ApprovalGate.js';
import { buildPermissionDenial } from '../buildPermissionDenial.js';
import { failure } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';
import type { ToolExecutionOutcome } from '../../contract/ToolExecutionOutcome.js';

/**
 * Deny wins; then the approval this run carries, when it names this call (redeemed: checked
 * against the call as it is now, and consumed), or a new approval for what needs one (the call
 * ends `interrupted`); else the call may run.
 */
export const decide = defineStep('decide', (call) => {
  const { request } = call;
  const { evaluation } = call;
  // Never allow by default: a list without `permit` before this step is a bug of the list.
  if (evaluation === undefined) throw new Error('the decide step ran before permit evaluated the call');
  const { denied, pending } = evaluation;
  if (denied.length > 0) return failure(buildPermissionDenial(request.toolName, denied), false);
  const { gate } = call.services;
  const { run } = call.frame;
  if (run !== undefined && !run.consumed && ApprovalGate.names(run.approval, request)) {
    return gate.redeem(run.approval, request, pending).then((rejection) => {
      if (rejection !== undefined) return failure(rejectApproval(rejection, run.approval.id, request.toolName), false);
      run.consumed = true;
      return CONTINUE;
    });
  }
  if (pending.length === 0) return CONTINUE;
  return gate.issue(request, pending).then((approval): ToolExecutionOutcome => ({ status: 'interrupted', interruption: { type: 'approval_required', approval } }));
});
