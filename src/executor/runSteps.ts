import { isToolExecutionOutcome } from '../contract/isToolExecutionOutcome.js';
import { readLater, type Later, type MaybePromise } from '../contract/maybeAsync.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import { bodyThrew } from './bodySteps.js';
import {
  answered,
  awaitingBody,
  type AnsweredCall,
  type AnyStep,
  type AwaitingCall,
  type CallCursor,
} from './CallState.js';
import { defineStep, type ExecutorStep } from './ExecutorStep.js';
import { DeadlineRace, type DeadlineEnd } from './DeadlineRace.js';
import { bodyStopped, cancelledBeforeStart, checksTimedOut, internalFailure } from './failures.js';

/** A typed list of steps: each step reads the phase the step before it answered. */
export class StepList<Out> {
  private constructor(public readonly steps: readonly AnyStep[]) {}

  /** A list that starts with `step`. */
  public static of<In, Out>(step: ExecutorStep<In, Out>): StepList<Out> {
    return new StepList<Out>([step]);
  }

  /** This list, then `step` (which reads what this list's last step answered). */
  public then<Next>(step: ExecutorStep<Out, Next>): StepList<Next> {
    return new StepList<Next>([...this.steps, step]);
  }

  /**
   * This list, its last step's later body awaited: the runner awaits an {@link AwaitingCall}'s
   * `pending` answer before it runs the next step, which reads the call as {@link AnsweredCall}.
   */
  public awaitBody(this: StepList<AnsweredCall | AwaitingCall>): StepList<AnsweredCall> {
    return new StepList<AnsweredCall>(this.steps);
  }

  /**
   * This list, then each of `extra` (steps given by the host, reading a public view `V` of this
   * phase): each answers the call (go on), an outcome, or either later; anything else ends the
   * call `internal`.
   */
  public also<V>(this: StepList<Out & V>, extra: readonly ExecutorStep<V>[] | undefined): StepList<Out> {
    if (extra === undefined || extra.length === 0) return this;
    return new StepList<Out>([...this.steps, ...extra.map((step) => guardStep(step) as AnyStep)]);
  }
}

/** A host's step, its answer checked: the call, an outcome, or a later answer (its `then` read once). */
function guardStep<V>(step: ExecutorStep<V>): ExecutorStep<V> {
  return defineStep<V>(step.name, (call) => {
    const answer: unknown = step.run(call);
    if (answer === call) return call;
    const later = readLater(answer);
    if (later !== undefined) return later as Later<V | ToolExecutionOutcome>;
    if (isOutcome(answer)) return answer;
    throw new Error(`step \`${step.name}\` answered neither the call nor an outcome`);
  });
}

/**
 * Runs the call's steps in order from its cursor, synchronously while they answer
 * synchronously: a step answers the call to go on, or the outcome that ends it. A step that
 * answers later is awaited under the budget of the stage the call is in (see
 * {@link AwaitedStep}), and the steps after it run when it resolves. A step that throws ends the
 * call `internal` (`invoked` says whether the body had started). Never throws; the promise it may
 * return never rejects.
 */
export function runSteps(call: CallCursor): MaybePromise<ToolExecutionOutcome> {
  const { steps } = call;
  try {
    while (call.next < steps.length) {
      const answer: unknown = (steps[call.next++] as AnyStep).run(call as never);
      if (answer === call) {
        // The body answers later (see `AwaitingCall`): awaited under the body's budget.
        const body = awaitingBody(call);
        if (body !== undefined) return new AwaitedStep(call, body).race(body.pending);
        continue;
      }
      const later = readLater(answer);
      if (later !== undefined) return new AwaitedStep(call, undefined).race(later);
      return answer as ToolExecutionOutcome;
    }
    return internalFailure(
      new Error(`the executor's steps ended without an outcome (last: ${String(steps.at(-1)?.name)})`),
      call.request.toolName,
      call.stage !== 'checks',
    );
  } catch (thrown) {
    return internalFailure(thrown, call.request.toolName, call.stage !== 'checks');
  }
}

/**
 * A step's later answer, awaited under the budget of the stage the call is in: before the body,
 * the checks' deadline and the caller's signal (past either, the call ends `interrupted`,
 * `invoked: false`, and none of its later steps run); while the body runs, the body's own
 * deadline and signal (its context aborted so the tool can stop); after the body, no budget.
 */
class AwaitedStep extends DeadlineRace<ToolExecutionOutcome> {
  readonly #stage: CallCursor['stage'];

  public constructor(
    private readonly call: CallCursor,
    private readonly body: AwaitingCall | undefined,
  ) {
    const watched = call.stage !== 'after';
    super(watched ? call.deadline : Number.POSITIVE_INFINITY, watched ? call.signal : undefined);
    this.#stage = call.stage;
  }

  public override race(answer: Later<unknown>): Promise<ToolExecutionOutcome> {
    this.call.services.inFlight.add(this as DeadlineRace<unknown>);
    return super.race(answer);
  }

  protected stop(reason: unknown): void {
    if (this.#stage === 'body') this.call.context?.abort(reason);
  }

  protected override onSettled(): void {
    this.call.services.inFlight.delete(this as DeadlineRace<unknown>);
  }

  protected settle(end: DeadlineEnd, value: unknown): MaybePromise<ToolExecutionOutcome> {
    const { call } = this;
    const { toolName } = call.request;
    switch (end) {
      case 'value':
        if (this.body !== undefined) {
          answered(this.body, value);
          return runSteps(call);
        }
        if (value === call) return runSteps(call);
        if (isOutcome(value)) return value;
        return internalFailure(
          new Error(`step \`${String(call.steps[call.next - 1]?.name)}\` resolved to neither the call nor an outcome`),
          toolName,
          this.#stage !== 'checks',
        );
      case 'thrown':
        if (this.body !== undefined) return bodyThrew(this.body, value);
        return internalFailure(value, toolName, this.#stage !== 'checks');
      case 'timeout':
      case 'cancelled':
        if (this.#stage === 'body') return bodyStopped(toolName, end, call.timeoutMs);
        return end === 'timeout' ? checksTimedOut(toolName, call.timeoutMs) : cancelledBeforeStart(toolName);
    }
  }
}

/** Whether a step's later answer is an outcome (a hostile value that throws when read is not). */
function isOutcome(value: unknown): value is ToolExecutionOutcome {
  try {
    return isToolExecutionOutcome(value);
  } catch {
    return false;
  }
}
