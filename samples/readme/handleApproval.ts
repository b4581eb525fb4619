// README: "Handling an approval interruption".
import type { ApprovalRequest, ToolExecutionOutcome, ToolExecutor, ToolRequest } from 'agentkit-tools-core';

/** Asks a person (here: a callback) and resumes the exact same call when they approve. */
export async function runWithApproval(
  executor: ToolExecutor,
  request: ToolRequest,
  askUser: (approval: ApprovalRequest) => Promise<boolean>,
): Promise<ToolExecutionOutcome> {
  const outcome = await executor.execute(request);
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required') {
    return outcome;
  }
  const { approval } = outcome.interruption; // plain JSON: store it, show it, restart, ...
  if (!(await askUser(approval))) return outcome;
  return executor.executeApproved(request, approval); // single use, bound to this exact call
}
