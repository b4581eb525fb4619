import type { Later } from '../contract/maybeAsync.js';
import type { PreflightResult } from '../contract/PreflightResult.js';
import type { Tool } from '../decorators/Tool.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResources } from '../contract/ToolResources.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { RegisteredTool } from '../registry/RegisteredTool.js';
import type { ToolCatalog } from '../registry/ToolCatalog.js';
import type { ToolResult } from '../values/ToolResult.js';
import type { ApprovalGate, ApprovalRun } from './ApprovalGate.js';
import type { CallContext, ExecutionFrame, ScopeRunner } from './CallContext.js';
import type { CallLink } from './CallLink.js';
import { monotonicNow, type RacesInFlight } from './DeadlineRace.js';
import type { ExecutorStep, FinishedCall, PermittedCall } from './ExecutorStep.js';
import type { PermissionEvaluation } from './evaluatePermissions.js';
import type { ExecuteOptions } from './ExecuteOptions.js';

/** What an executor's steps use, one object per executor: every call points at it. */
export interface ExecutorServices {
  /** Where a call looks its tool up (the registry of now), and what `close()` closes. */
  readonly catalog: Pick<ToolCatalog, 'registry' | 'close'>;
  readonly permissions: PermissionChecker;
  readonly resources: ToolResources;
  readonly gate: ApprovalGate;
  readonly defaultTimeoutMs: number;
  readonly maxNestingDepth: number;
  /** The link of every call made without listeners or handlers of its own (see `CallLink`). */
  readonly link: CallLink;
  /** Runs a tool's nested calls (its `ctx.scope`). */
  readonly scope: ScopeRunner;
  /** The calls awaiting a step or a body now (what `close()` stops). */
  readonly inFlight: RacesInFlight;
}

/** Which budget an awaited step runs under: the checks', the body's, or none (after the body). */
export type CallStage = 'checks' | 'body' | 'after';

/** A call as it starts: what it was asked, and where it sits. Nothing is checked yet. */
export interface StartedCall {
  readonly request: ToolRequest;
  readonly options: ExecuteOptions;
  readonly frame: ExecutionFrame;
  readonly services: ExecutorServices;
  /** The approval `executeApproved` was given, as presented (`loadApproval` reads the stored one). */
  readonly presented: unknown;
  /** When the call started, on the monotonic clock. */
  readonly started: number;
  readonly stage: CallStage;
}
/** The request is well-formed and the options are the checked ones. */
export interface CheckedCall extends StartedCall {
  readonly checked: true;
}
/** The tool is found in the catalog's registry of now. */
export interface FoundCall extends CheckedCall {
  readonly entry: RegisteredTool;
  readonly tool: Tool;
}
/** The call's signal and budget are set, and its input is within the tool's limits. */
export interface LimitedCall extends FoundCall {
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  /** When the running stage (the checks, then the body) runs out of time. */
  readonly deadline: number;
}
/** The input matches the tool's schema. */
export interface ValidatedCall extends LimitedCall {
  readonly valid: true;
}
/** The tool's own parsing ran: `input` is what the preflight and the body get. */
export interface ParsedCall extends ValidatedCall, PermittedCall {
  readonly input: unknown;
}
/** The preflight described what the call would do. */
export interface PreflightedCall extends ParsedCall {
  readonly proposed: PreflightResult;
}
/** Every permission request was evaluated; `plan` is what the preflight planned. */
export interface EvaluatedCall extends ParsedCall {
  readonly evaluation: PermissionEvaluation;
  readonly plan: unknown;
}
/** Nothing is denied, and whatever needed approval was approved: the body may run. */
export interface ClearedCall extends EvaluatedCall {
  readonly cleared: true;
}
/** The body runs, with its context (what a timeout or cancellation aborts). */
export interface RunningCall extends ClearedCall {
  readonly context: CallContext;
}
/**
 * The body answered later: the runner awaits `pending` under the body's budget and goes on with
 * the call {@link answered} (or the outcome of its throw, timeout or cancellation).
 */
export interface AwaitingCall extends RunningCall {
  readonly pending: Later<unknown>;
}
/** The body answered `answer` (not yet read). */
export interface AnsweredCall extends RunningCall {
  readonly answer: unknown;
}
/** The body's answer, read and checked: the result the call completes with. */
export interface ResultCall extends AnsweredCall, FinishedCall {
  result: ToolResult;
}

/** A step of any phase, as the runner holds it in its list (the list's order is typed where it is built). */
export type AnyStep = ExecutorStep<never, unknown>;

/**
 * One call's state: a single object however many steps it passes (every field set up front, so
 * every call has one shape). Its fields say honestly what may still be missing; the phases above
 * are views of it, and only the transitions below write it, so each step sees it through the
 * phase it reads and no field is read before its step has set it.
 */
class CallState {
  public stage: CallStage = 'checks';
  /** The runner's cursor: the next step to run. */
  public next = 0;
  public readonly checked = true;
  public readonly valid = true;
  public readonly cleared = true;
  public entry: RegisteredTool | undefined = undefined;
  public tool: Tool | undefined = undefined;
  public signal: AbortSignal | undefined = undefined;
  public timeoutMs = 0;
  public deadline = Number.POSITIVE_INFINITY;
  public input: unknown = undefined;
  public proposed: PreflightResult | undefined = undefined;
  public evaluation: PermissionEvaluation | undefined = undefined;
  public plan: unknown = undefined;
  public context: CallContext | undefined = undefined;
  public answer: unknown = undefined;
  public pending: Later<unknown> | undefined = undefined;
  public result: ToolResult | undefined = undefined;
  public readonly started = monotonicNow();

  public constructor(
    public readonly services: ExecutorServices,
    public readonly steps: readonly AnyStep[],
    public readonly request: ToolRequest,
    public options: ExecuteOptions,
    public frame: ExecutionFrame,
    public readonly presented: unknown,
  ) {}
}

/** The state behind a phase: every phase is a view of the one CallState that `startCall` made. */
function stateOf(call: StartedCall): CallState {
  return call as unknown as CallState;
}

/**
 * The state behind every view: each transition below answers it as the one phase its step
 * completed (its declared return type), never as more.
 */
function asPhase(state: CallState): ResultCall & PreflightedCall & AwaitingCall & CallCursor {
  return state as unknown as ResultCall & PreflightedCall & AwaitingCall & CallCursor;
}

/** What the runner keeps of a call besides its phase: its steps and its place in them. */
export interface CallCursor extends StartedCall {
  readonly steps: readonly AnyStep[];
  next: number;
  /** The budget the runner awaits a step under (no deadline and no signal until `checkLimits` set them). */
  readonly deadline: number;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  /** The body's context, once the body started. */
  readonly context: CallContext | undefined;
  /** The body's later answer, while the runner awaits it. */
  readonly pending: Later<unknown> | undefined;
}

/** A new call, at its first step. */
export function startCall(
  services: ExecutorServices,
  steps: readonly AnyStep[],
  request: ToolRequest,
  options: ExecuteOptions,
  frame: ExecutionFrame,
  presented?: unknown,
): CallCursor {
  return asPhase(new CallState(services, steps, request, options, frame, presented));
}

// The transitions, in step order: each takes a phase, writes what its step found, answers the next.

export function checked(call: StartedCall, options: ExecuteOptions): CheckedCall {
  const state = stateOf(call);
  state.options = options;
  return asPhase(state);
}

export function found(call: CheckedCall, entry: RegisteredTool): FoundCall {
  const state = stateOf(call);
  state.entry = entry;
  state.tool = entry.tool;
  return asPhase(state);
}

export function limited(call: FoundCall, signal: AbortSignal | undefined, timeoutMs: number): LimitedCall {
  const state = stateOf(call);
  state.signal = signal;
  state.timeoutMs = timeoutMs;
  state.deadline = state.started + timeoutMs;
  return asPhase(state);
}

export function validated(call: LimitedCall): ValidatedCall {
  return asPhase(stateOf(call));
}

/** A resumed run's call carries its stored approval down to the call it names. */
export function carrying(call: ValidatedCall, run: ApprovalRun): ValidatedCall {
  const state = stateOf(call);
  state.frame = { ...state.frame, run };
  return asPhase(state);
}

export function parsed(call: ValidatedCall, input: unknown): ParsedCall {
  const state = stateOf(call);
  state.input = input;
  return asPhase(state);
}

export function preflighted(call: ParsedCall, proposed: PreflightResult): PreflightedCall {
  const state = stateOf(call);
  state.proposed = proposed;
  return asPhase(state);
}

export function evaluated(call: PreflightedCall, evaluation: PermissionEvaluation, plan: unknown): EvaluatedCall {
  const state = stateOf(call);
  state.evaluation = evaluation;
  state.plan = plan;
  return asPhase(state);
}

export function cleared(call: EvaluatedCall): ClearedCall {
  return asPhase(stateOf(call));
}

/** The body starts: its budget (`timeoutMs` from now) replaces the checks'. */
export function running(call: ClearedCall, context: CallContext, now: number): RunningCall {
  const state = stateOf(call);
  state.context = context;
  state.deadline = now + state.timeoutMs;
  state.stage = 'body';
  return asPhase(state);
}

/** The body will answer later: the runner awaits `pending` (see {@link AwaitingCall}). */
export function awaiting(call: RunningCall, pending: Later<unknown>): AwaitingCall {
  const state = stateOf(call);
  state.pending = pending;
  return asPhase(state);
}

/** The body answered: from here on no budget applies. */
export function answered(call: RunningCall, answer: unknown): AnsweredCall {
  const state = stateOf(call);
  state.answer = answer;
  state.pending = undefined;
  state.stage = 'after';
  state.context?.finish();
  return asPhase(state);
}

/** The body ended without an answer (it threw, timed out or was cancelled): no budget applies. */
export function ended(call: RunningCall): void {
  const state = stateOf(call);
  state.pending = undefined;
  state.stage = 'after';
  state.context?.finish();
}

export function withResult(call: AnsweredCall, result: ToolResult): ResultCall {
  const state = stateOf(call);
  state.result = result;
  return asPhase(state);
}

/** The call as {@link AwaitingCall} when its body answered later (the runner's question after each step). */
export function awaitingBody(call: CallCursor): AwaitingCall | undefined {
  const state = stateOf(call);
  return state.pending === undefined ? undefined : asPhase(state);
}
