import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { ToolInvokePermissionRequest } from '../permissions/ToolInvokePermissionRequest.js';
import { ApprovalGate, rejectApproval } from './ApprovalGate.js';
import {
  carrying,
  cleared,
  evaluated,
  type ClearedCall,
  type EvaluatedCall,
  type PreflightedCall,
  type ResultCall,
  type ValidatedCall,
} from './CallState.js';
import { defineStep } from './ExecutorStep.js';
import { preflightFailure } from './checkSteps.js';
import { evaluatePermissions, readPreflightResult } from './evaluatePermissions.js';
import { failedWith, permissionDenied } from './failures.js';

/**
 * Asks the permission checker about every request the preflight proposed (the one place its
 * answer is read; its plan stays on the call until the body starts). Every call is checked: a
 * tool that describes no side effect raises `tool.invoke`.
 */
export const permit = defineStep<PreflightedCall, EvaluatedCall>('permit', (call) => {
  const { request } = call;
  let requests: readonly PermissionRequest[];
  let plan: unknown;
  try {
    ({ requests, plan } = readPreflightResult(call.proposed, request.toolName));
  } catch (thrown) {
    return preflightFailure(call, thrown);
  }
  if (requests.length === 0) requests = [new ToolInvokePermissionRequest(request.toolName, call.tool.spec.annotations)];
  const evaluation = evaluatePermissions(requests, call.services.permissions, {
    toolName: request.toolName,
    callId: request.callId,
    sessionId: request.sessionId,
    turnId: request.turnId,
  });
  if (!(evaluation instanceof Promise)) return evaluated(call, evaluation, plan);
  return evaluation.then((settled) => evaluated(call, settled, plan));
});

/**
 * Deny wins; then the approval this run carries, when it names this call (redeemed: checked
 * against the call as it is now, and consumed), or a new approval for what needs one (the call
 * ends `interrupted`); else the call may run.
 */
export const decide = defineStep<EvaluatedCall, ClearedCall>('decide', (call) => {
  const { request } = call;
  const { denied, pending } = call.evaluation;
  if (denied.length > 0) return permissionDenied(request.toolName, denied);
  const { gate } = call.services;
  const { run } = call.frame;
  if (run !== undefined && !run.consumed && ApprovalGate.names(run.approval, request)) {
    return gate.redeem(run.approval, request, pending).then((rejection) => {
      if (rejection !== undefined)
        return failedWith(rejectApproval(rejection, run.approval.id, request.toolName), false);
      run.consumed = true;
      return cleared(call);
    });
  }
  if (pending.length === 0) return cleared(call);
  return gate.issue(request, pending).then((approval): ToolExecutionOutcome => ({
    status: 'interrupted',
    interruption: { type: 'approval_required', approval },
  }));
});

/**
 * For `executeApproved`: the stored approval behind the one presented (never the presented
 * copy). The call carries it down to the call it names, which consumes it in `decide`.
 */
export const loadApproval = defineStep<ValidatedCall>('loadApproval', (call) => {
  const { request, presented } = call;
  return call.services.gate.load(presented, request).then((loaded) => {
    if (typeof loaded === 'string') {
      return failedWith(rejectApproval(loaded, (presented as { id?: unknown } | null)?.id, request.toolName), false);
    }
    if (loaded.callId === request.callId && loaded.toolName !== request.toolName) {
      return failedWith(rejectApproval('binding_mismatch', loaded.id, request.toolName), false);
    }
    return carrying(call, { approval: loaded, consumed: false });
  });
});

/**
 * For `executeApproved`: a resumed run that completed must have consumed its approval (the call
 * it names ran, here or nested); otherwise the approval named no call of this run.
 */
export const checkApprovalConsumed = defineStep<ResultCall>('checkApprovalConsumed', (call) => {
  const { run } = call.frame;
  if (run === undefined || run.consumed) return call;
  return failedWith(rejectApproval('approval_not_consumed', run.approval.id, call.request.toolName), true);
});
