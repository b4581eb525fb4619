import type { ToolExecutionOutcome } from '../../contract/ToolExecutionOutcome.js';
import { monotonicNow } from '../monotonicNow.js';
import { defineStep } from './ExecutorStep.js';

/** The completed outcome: the normalized result, timed from the call's start. */
export const time = defineStep('time', (call): ToolExecutionOutcome => {
  const { result } = call;
  if (result === undefined) throw new Error('the time step ran before normalize produced a result');
  return { status: 'completed', result: { result: result.result, durationMs: monotonicNow() - call.started, metadata: result.metadata } };
});
