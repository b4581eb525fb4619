import type { ToolErrorCode, ToolExecutionOutcome } from '../../src/index.js';

/**
 * Checks on executor outcomes: each returns the outcome narrowed, or throws an `Error` saying
 * what came instead. A throw is a lost call in the load run.
 */
function show(outcome: ToolExecutionOutcome): string {
  return JSON.stringify(outcome).slice(0, 400);
}

/** `completed`, not `isError`, its text output containing `text`. */
export function expectCompletedText(outcome: ToolExecutionOutcome, text: string): void {
  if (outcome.status !== 'completed' || outcome.result.result.isError)
    throw new Error(`expected completed, got ${show(outcome)}`);
  const { output } = outcome.result.result;
  const body = output.type === 'text' ? output.text : JSON.stringify(output);
  if (!body.includes(text)) throw new Error(`expected ${JSON.stringify(text)} in the output, got ${show(outcome)}`);
}

/** `failed` with `code`, `details.reason` (when given) and `invoked`. */
export function expectFailed(
  outcome: ToolExecutionOutcome,
  code: ToolErrorCode,
  reason: string | undefined,
  invoked: boolean,
): void {
  if (outcome.status !== 'failed' || outcome.error.code !== code || outcome.invoked !== invoked)
    throw new Error(`expected failed ${code} (invoked: ${invoked}), got ${show(outcome)}`);
  if (reason !== undefined && outcome.error.details['reason'] !== reason)
    throw new Error(`expected reason ${reason}, got ${show(outcome)}`);
}

/** `interrupted` for approval: returns the interruption (the pending call's second half). */
export function expectApprovalRequired(
  outcome: ToolExecutionOutcome,
): Extract<ToolExecutionOutcome, { status: 'interrupted' }>['interruption'] & { type: 'approval_required' } {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
    throw new Error(`expected approval_required, got ${show(outcome)}`);
  return outcome.interruption;
}
