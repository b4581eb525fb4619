import { isThenable } from '../../contract/maybeAsync.js';
import type { PreflightResult } from '../../contract/PreflightResult.js';
import { preflightFailure } from '../callFailures.js';
import type { ExecutorCall } from '../ExecutorCall.js';
import { CONTINUE, defineStep, type StepResult } from './ExecutorStep.js';

const NOTHING_PROPOSED: PreflightResult = Object.freeze([]);

function proposed(call: ExecutorCall, result: PreflightResult): StepResult {
  call.proposed = result;
  return CONTINUE;
}

/** The tool's preflight: what the call would do, described before anything happens (`permit` reads it). */
export const preflight = defineStep('preflight', (call) => {
  const { tool } = call.entry;
  if (tool.proposedRequests === undefined) return proposed(call, NOTHING_PROPOSED);
  try {
    const result = tool.proposedRequests(call.request, call.input);
    if (!isThenable(result)) return proposed(call, result);
    return Promise.resolve(result).then(
      (resolved) => proposed(call, resolved),
      (thrown: unknown) => preflightFailure(call, thrown),
    );
  } catch (thrown) {
    return preflightFailure(call, thrown);
  }
});
