import type { RegisteredTool } from '../registry/RegisteredTool.js';
import type { PreflightResult } from '../contract/PreflightResult.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResult } from '../values/ToolResult.js';
import type { ApprovalRun } from './ApprovalRun.js';
import type { CallContext } from './CallContext.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import type { ExecutorServices } from './ExecutorServices.js';
import type { PermissionEvaluation } from './evaluatePermissions.js';
import type { ReturnKind } from './ReturnKind.js';
import type { ExecutorStep } from './steps/ExecutorStep.js';
import { monotonicNow } from './monotonicNow.js';
import type { DeadlineEnd, RaceOwner } from './DeadlineRace.js';
import type { MaybePromise } from '../contract/maybeAsync.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import { settleAwaitedStep } from './steps/runSteps.js';

/**
 * One call on its way through the executor's steps: what it was asked, and what each step found
 * so far, in the order the steps fill it in. Every step gets this one object, so a call costs one
 * allocation however many steps it passes.
 *
 * Before its body starts, the checks run against the call's own deadline; `abort` (the deadline
 * passed, or the caller cancelled) marks the call stopped, and the runner then runs none of its
 * remaining steps, whatever a slow checker or store answers later.
 */
export class ExecutorCall implements RaceOwner<ToolExecutionOutcome> {
  /** The steps still to run start here (`runSteps` advances it). */
  public next = 0;
  /** The caller's options, once `checkOptions` read them. */
  public options: ExecuteOptions;
  public signal: AbortSignal | undefined = undefined;
  /** The call's budget: the checks' (from `started`), then the body's (from when it starts). */
  public timeoutMs = 0;
  /** When the running stage (the checks, then the body) runs out of time. */
  public deadline = Number.POSITIVE_INFINITY;
  /** The tool, found by `lookUp` (the steps after it read it). */
  public entry: RegisteredTool;
  /** The input: the request's, then whatever `parseInput` made of it. */
  public input: unknown = undefined;
  /** What the preflight answered, until `permit` reads it. */
  public proposed: PreflightResult | undefined = undefined;
  /** What the preflight planned (`{ requests, plan }`), handed to the body as `ctx.plan`. */
  public plan: unknown = undefined;
  public evaluation: PermissionEvaluation | undefined = undefined;
  /** The approval a resumed call carries, once the store confirmed it. */
  public run: ApprovalRun | undefined = undefined;
  /** The body's context, once the body starts (what a timeout or cancellation aborts then). */
  public context: CallContext | undefined = undefined;
  /** The body started: every failure from here on says `invoked: true`. */
  public invoked = false;
  /** The runner is awaiting the body's own promise. */
  public running = false;
  /** How the body answers (see {@link ReturnKind}), and what it answered. */
  public returns: ReturnKind = 'result';
  public value: unknown = undefined;
  /** The normalized result, for the steps after `normalize`. */
  public result: ToolResult | undefined = undefined;
  public stopped = false;

  /** The approval `executeApproved` was given, as presented (`loadApproval` reads the stored one). */
  public presented: unknown = undefined;
  /** When the call started, on the monotonic clock. */
  public readonly started: number;

  public constructor(
    public readonly services: ExecutorServices,
    public readonly steps: readonly ExecutorStep[],
    public readonly request: ToolRequest,
    options: ExecuteOptions,
    public frame: ExecutionFrame,
  ) {
    this.options = options;
    // Until `lookUp` finds it; set here so every call has the same shape from the start.
    this.entry = undefined as unknown as RegisteredTool;
    this.started = monotonicNow();
  }

  /** The step being awaited ran out of time, or the caller cancelled: the body is told to stop, or the checks are. */
  public stopRace(reason: unknown): void {
    if (this.running) this.context?.abort(reason);
    else this.stopped = true;
  }

  /** How the step being awaited ended (see `runSteps`). */
  public settleRace(end: DeadlineEnd, value: unknown): MaybePromise<ToolExecutionOutcome> {
    return settleAwaitedStep(this, end, value);
  }
}
