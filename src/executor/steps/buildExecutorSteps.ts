import { checkApprovalConsumed } from './checkApprovalConsumed.js';
import { checkCall } from './checkCall.js';
import { checkLimits } from './checkLimits.js';
import { decide } from './decide.js';
import type { ExecutorStep } from './ExecutorStep.js';
import { invoke } from './invoke.js';
import { loadApproval } from './loadApproval.js';
import { lookUp } from './lookUp.js';
import { normalize } from './normalize.js';
import { parseInput } from './parseInput.js';
import { permit } from './permit.js';
import { preflight } from './preflight.js';
import { time } from './time.js';
import { validateInput } from './validateInput.js';

/** The steps of one call, in order: what the executor does, read top to bottom. */
const CALL_STEPS: readonly ExecutorStep[] = Object.freeze([checkCall, lookUp, checkLimits, validateInput, parseInput, preflight, permit, decide, invoke, normalize, time]);

/** `executeApproved`: the same, with the stored approval loaded before parsing and its consumption checked at the end. */
const APPROVED_CALL_STEPS: readonly ExecutorStep[] = Object.freeze(
  CALL_STEPS.flatMap((step) => {
    if (step === parseInput) return [loadApproval, step];
    if (step === time) return [checkApprovalConsumed, step];
    return [step];
  }),
);

/** Changes an executor's step lists (`BasicToolExecutorOptions.steps`): each list goes in, the list to run comes out. */
export type StepListEditor = (steps: readonly ExecutorStep[]) => readonly ExecutorStep[];

/** An executor's two step lists, frozen once, edited by `edit` when given. */
export function buildExecutorSteps(edit?: StepListEditor): { readonly call: readonly ExecutorStep[]; readonly approved: readonly ExecutorStep[] } {
  if (edit === undefined) return { call: CALL_STEPS, approved: APPROVED_CALL_STEPS };
  return { call: Object.freeze([...edit(CALL_STEPS)]), approved: Object.freeze([...edit(APPROVED_CALL_STEPS)]) };
}
