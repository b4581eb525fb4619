import { isThenable } from '../../contract/maybeAsync.js';
import { parseFailure } from '../callFailures.js';
import type { ExecutorCall } from '../ExecutorCall.js';
import { CONTINUE, defineStep, type StepResult } from './ExecutorStep.js';

function parsed(call: ExecutorCall, input: unknown): StepResult {
  call.input = input;
  return CONTINUE;
}

/** The tool's own parsing (class tools build their input instance here); a refusal is `invalid_input`. */
export const parseInput = defineStep('parseInput', (call) => {
  const { tool } = call.entry;
  if (tool.parseInput === undefined) return CONTINUE;
  try {
    const input = tool.parseInput(call.request);
    if (!isThenable(input)) return parsed(call, input);
    return Promise.resolve(input).then(
      (resolved) => parsed(call, resolved),
      (thrown: unknown) => parseFailure(call, thrown),
    );
  } catch (thrown) {
    return parseFailure(call, thrown);
  }
});
