import type { ToolExecutionOutcome, ToolOutput } from '../index.js';

/**
 * The output of a completed outcome.
 * @throws Error describing the outcome when it did not complete.
 */
export function getCompletedOutput(outcome: ToolExecutionOutcome): ToolOutput {
  if (outcome.status === 'completed') return outcome.result.result.output;
  const what =
    outcome.status === 'failed'
      ? `failed (${outcome.error.code}): ${outcome.error.message}`
      : `was interrupted (${outcome.interruption.type})`;
  throw new Error(`Expected the call to complete, but it ${what}`);
}
