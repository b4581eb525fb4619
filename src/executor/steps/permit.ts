import { isPlannedRequests } from '../../contract/isPlannedRequests.js';
import { isThenable } from '../../contract/maybeAsync.js';
import { checkPermissionRequests } from '../checkPermissionRequests.js';
import type { PermissionRequest } from '../../permissions/PermissionRequest.js';
import { ToolInvokePermissionRequest } from '../../permissions/ToolInvokePermissionRequest.js';
import { preflightFailure } from '../callFailures.js';
import { evaluatePermissions, type PermissionEvaluation } from '../evaluatePermissions.js';
import type { ExecutorCall } from '../ExecutorCall.js';
import { readPreflightResult } from '../readPreflightResult.js';
import { CONTINUE, defineStep, type StepResult } from './ExecutorStep.js';

function evaluated(call: ExecutorCall, evaluation: PermissionEvaluation): StepResult {
  call.evaluation = evaluation;
  return CONTINUE;
}

/**
 * Asks the permission checker about every request the preflight proposed (the one place its
 * answer is read; its plan stays on the call until the body starts). Every call is checked: a
 * tool that describes no side effect raises `tool.invoke`.
 */
export const permit = defineStep('permit', (call) => {
  const { request } = call;
  let requests: readonly PermissionRequest[];
  try {
    const { proposed } = call;
    if (isPlannedRequests(proposed)) {
      const read = readPreflightResult(proposed, request.toolName);
      requests = read.requests;
      call.plan = read.plan;
    } else {
      requests = checkPermissionRequests(proposed, request.toolName);
    }
  } catch (thrown) {
    return preflightFailure(call, thrown);
  }
  if (requests.length === 0) requests = [new ToolInvokePermissionRequest(request.toolName, call.entry.tool.spec.annotations)];
  const evaluation = evaluatePermissions(requests, call.services.permissions, {
    toolName: request.toolName,
    callId: request.callId,
    sessionId: request.sessionId,
    turnId: request.turnId,
  });
  if (!isThenable(evaluation)) return evaluated(call, evaluation);
  return evaluation.then((settled) => evaluated(call, settled));
});
