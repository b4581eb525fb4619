import { failed } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/** A nested call (`ctx.scope`) deeper than `maxNestingDepth` is refused. */
export const checkNesting = defineStep('checkNesting', (call) => {
  const { maxNestingDepth } = call.services;
  if (call.frame.depth <= maxNestingDepth) return CONTINUE;
  return failed(
    'execution_failed',
    `Tool \`${call.request.toolName}\` was not run: nested tool calls may go ${maxNestingDepth} levels deep, and this call would be deeper. Call it directly instead.`,
    { reason: 'max_nesting_depth', maxNestingDepth },
    false,
  );
});
