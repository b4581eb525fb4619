import { ToolError } from '../errors/ToolError.js';
import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import { InMemoryApprovalStore } from '../interrupt/InMemoryApprovalStore.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { ToolInvokePermissionRequest } from '../permissions/ToolInvokePermissionRequest.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import { ApprovalGate, rejectApproval } from './ApprovalGate.js';
import { MAX_TIMEOUT_MS } from '../contract/MAX_TIMEOUT_MS.js';
import { EXECUTOR_DEFAULTS, type BasicToolExecutorOptions } from './BasicToolExecutorOptions.js';
import { buildNotFoundError } from './buildNotFoundError.js';
import { buildPermissionDenial } from './buildPermissionDenial.js';
import { CallContext } from './CallContext.js';
import { checkExecuteOptions } from './checkExecuteOptions.js';
import { checkPermissionRequests } from './checkPermissionRequests.js';
import type { ScopeRunner } from './createExecutionScope.js';
import { evaluatePermissions, type PermissionEvaluation } from './evaluatePermissions.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import { ExecutorCall } from './ExecutorCall.js';
import type { ExecutorObserver } from './ExecutorObserver.js';
import type { PendingCall } from './PendingCall.js';
import { rejectPendingCall } from './rejectPendingCall.js';
import { failed, failure } from './failure.js';
import type { ReturnKind } from './finishInvocation.js';
import { settleInvocation } from './settleInvocation.js';
import { validateToolInput } from './validateToolInput.js';
import { isToolRequest } from '../contract/isToolRequest.js';
import { MapToolResources } from './MapToolResources.js';
import { monotonicNow } from './monotonicNow.js';
import { isThenable, toPromise, type MaybePromise } from '../contract/maybeAsync.js';
import { runWithDeadline } from './runWithDeadline.js';
import { cancelledBeforeStart, checksTimedOut, internalFailure, parseFailure, preflightFailure, PROCEED, settleChecks, type CheckResult } from './settleChecks.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolExecutor } from './ToolExecutor.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResources } from '../contract/ToolResources.js';

type Outcome = ToolExecutionOutcome;

const ROOT: ExecutionFrame = Object.freeze({ depth: 0 });
const NO_OPTIONS: ExecuteOptions = Object.freeze({});

/**
 * Runs every call the same way: check the options, look up, check limits, validate, parse,
 * preflight, evaluate every permission request (deny wins; one approval covers all that need
 * it; a tool that describes nothing is checked as `tool.invoke`), invoke under a timeout and
 * signal, normalize and time the result. The checks before the body have a budget of their own
 * (the call's timeout); the body's budget starts when the body starts. Each step stays
 * synchronous until a tool, checker or store answers with a promise. It never throws to its
 * caller, and every failure before the body says `invoked: false`.
 */
export class BasicToolExecutor implements ToolExecutor {
  #registry: ToolRegistry;
  readonly #permissions: PermissionChecker;
  readonly #resources: ToolResources;
  readonly #observer: ExecutorObserver | undefined;
  readonly #gate: ApprovalGate;
  readonly #defaultTimeoutMs: number;
  readonly #runner: ScopeRunner;

  public constructor(options: BasicToolExecutorOptions) {
    this.#registry = options.registry.freeze();
    this.#permissions = options.permissions;
    this.#resources = options.resources ?? new MapToolResources();
    this.#observer = options.observer;
    this.#onClose = options.onClose;
    const now = options.now ?? Date.now;
    this.#gate = new ApprovalGate(options.approvals ?? new InMemoryApprovalStore(now), options.approvalTtlMs ?? EXECUTOR_DEFAULTS.approvalTtlMs, now);
    this.#defaultTimeoutMs = options.defaultTimeoutMs ?? EXECUTOR_DEFAULTS.defaultTimeoutMs;
    this.#runner = {
      maxNestingDepth: options.maxNestingDepth ?? EXECUTOR_DEFAULTS.maxNestingDepth,
      observe: (request, body) => this.#observe(request, body),
      run: (request, childOptions, frame) => this.#run(request, childOptions, frame),
      runApproved: (request, approval, childOptions, frame) => this.#runApproved(request, approval, childOptions, frame),
    };
  }

  public specs(): readonly ToolSpec[] {
    return this.#registry.specs();
  }

  // --- close (lifecycle): runs `options.onClose` once; every later call gets the same promise.
  #onClose: (() => void | Promise<void>) | undefined;
  #closed: Promise<void> | undefined;

  /** Releases what the executor's tools hold (MCP connections, server processes). Idempotent. */
  public close(): Promise<void> {
    this.#closed ??= (async () => {
      const onClose = this.#onClose;
      this.#onClose = undefined;
      await onClose?.();
    })();
    return this.#closed;
  }

  public [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
  // --- end close

  /** Swaps in a new (frozen) registry atomically: calls already running keep their tool. */
  public replaceRegistry(registry: ToolRegistry): void {
    this.#registry = registry.freeze();
  }

  public execute(request: ToolRequest, options: ExecuteOptions = NO_OPTIONS): Promise<Outcome> {
    if (this.#observer === undefined) return toPromise(this.#guardedRun(request, options));
    return this.#observe(request, () => this.#run(request, options, ROOT));
  }

  /** `#run` at the root, a throw (only the checks before the body can throw) as `internal`. */
  #guardedRun(request: ToolRequest, options: ExecuteOptions): MaybePromise<Outcome> {
    try {
      return this.#run(request, options, ROOT);
    } catch (thrown) {
      return internalFailure(thrown);
    }
  }

  public executeApproved(request: ToolRequest, approval: ApprovalRequest, options: ExecuteOptions = NO_OPTIONS): Promise<Outcome> {
    return this.#observe(request, () => this.#runApproved(request, approval, options, ROOT));
  }

  public reject(pending: PendingCall, reason?: string): Promise<Outcome> {
    const request = (pending as Partial<PendingCall> | null)?.request as ToolRequest;
    return this.#observe(request, () => rejectPendingCall(this.#gate, this.#defaultTimeoutMs, pending, reason));
  }

  /** Runs `body` between the observer's hooks; a throw that escapes becomes `internal`. */
  #observe(request: ToolRequest, body: () => MaybePromise<Outcome>): Promise<Outcome> {
    const observer = this.#observer;
    if (observer === undefined) return toPromise(guard(body));
    const started = monotonicNow();
    try {
      observer.onStart?.(request);
    } catch {
      // An observer never changes an outcome.
    }
    return toPromise(guard(body)).then((outcome) => {
      try {
        observer.onEnd?.(request, outcome, monotonicNow() - started);
      } catch {
        // Same as above.
      }
      return outcome;
    });
  }

  #run(request: ToolRequest, options: ExecuteOptions, frame: ExecutionFrame): MaybePromise<Outcome> {
    const call = this.#open(request, options, frame);
    return call instanceof ExecutorCall ? this.#check(call, this.#parse(call)) : call;
  }

  /** Like `#run`, the stored approval loaded first, within the same budget. */
  #runApproved(request: ToolRequest, approval: unknown, options: ExecuteOptions, frame: ExecutionFrame): MaybePromise<Outcome> {
    const call = this.#open(request, options, frame);
    if (!(call instanceof ExecutorCall)) return call;
    return toPromise(this.#check(call, this.#load(call, approval))).then((outcome) => {
      if (outcome.status === 'completed' && call.run !== undefined && !call.run.consumed) {
        return failure(rejectApproval('approval_not_consumed', call.run.approval.id, request.toolName), true);
      }
      return outcome;
    });
  }

  /** The call, or the outcome refusing it: malformed request or options, unknown tool, cancelled, invalid input. */
  #open(request: ToolRequest, options: ExecuteOptions, frame: ExecutionFrame): ExecutorCall | Outcome {
    const started = monotonicNow();
    if (!isToolRequest(request)) {
      return failed('invalid_input', 'The tool request is malformed: it needs string callId, toolName, sessionId and turnId, and an input.', { reason: 'malformed_request' }, false);
    }
    let checked = options;
    if (options !== NO_OPTIONS) {
      const valid = checkExecuteOptions(options);
      if (valid instanceof ToolError) return failure(valid, false);
      checked = valid;
    }
    const entry = this.#registry.getEntry(request.toolName);
    if (entry === undefined) return failure(buildNotFoundError(request.toolName, this.#registry.names()), false);
    const signal = checked.signal ?? frame.parentSignal;
    if (signal?.aborted === true) return cancelledBeforeStart(request.toolName);
    const timeoutMs = checked.timeoutMs ?? entry.tool.timeoutMs ?? this.#defaultTimeoutMs;
    if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
      return failed('internal', `timeoutMs must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}; got ${String(timeoutMs)}.`, { reason: 'invalid_timeout' }, false);
    }
    const refusal = validateToolInput(entry, request);
    if (refusal !== undefined) return failure(refusal, false);
    return new ExecutorCall(entry, request, frame, started, signal, timeoutMs);
  }

  /**
   * Waits for the checks before the body under their own deadline (the call's timeout counted
   * from its start) and the caller's signal: past either, the call ends `interrupted` with
   * `invoked: false` at once, and the body never starts, whatever the checks answer later.
   * Checks that answered synchronously are only checked against the clock, in `#start`.
   */
  #check(call: ExecutorCall, checks: MaybePromise<CheckResult>): MaybePromise<Outcome> {
    if (checks === PROCEED || !isThenable(checks)) return this.#start(call, checks);
    const checked = runWithDeadline(() => checks, call.checksDeadline, call, call.signal, (end, value) => settleChecks(call, end, value));
    return toPromise(checked).then((result) => guard(() => this.#start(call, result)));
  }

  /** The stored approval behind the one presented; the call carries it down to the call it names. */
  #load(call: ExecutorCall, presented: unknown): Promise<CheckResult> {
    const { request } = call;
    return this.#gate.load(presented, request).then((loaded) => {
      if (typeof loaded === 'string') {
        return failure(rejectApproval(loaded, (presented as { id?: unknown } | null)?.id, request.toolName), false);
      }
      if (loaded.callId === request.callId && loaded.toolName !== request.toolName) {
        return failure(rejectApproval('binding_mismatch', loaded.id, request.toolName), false);
      }
      call.run = { approval: loaded, consumed: false };
      call.frame = { ...call.frame, run: call.run };
      return this.#parse(call);
    });
  }

  /** The tool's own parsing step (class tools build their input instance here). */
  #parse(call: ExecutorCall): MaybePromise<CheckResult> {
    const { tool } = call.entry;
    if (tool.parseInput === undefined) return this.#preflight(call);
    try {
      const parsed = tool.parseInput(call.request);
      if (isThenable(parsed)) {
        return Promise.resolve(parsed).then(
          (input) => {
            call.input = input;
            return this.#preflight(call);
          },
          (thrown: unknown) => parseFailure(call, thrown),
        );
      }
      call.input = parsed;
      return this.#preflight(call);
    } catch (thrown) {
      return parseFailure(call, thrown);
    }
  }

  #preflight(call: ExecutorCall): MaybePromise<CheckResult> {
    const { tool } = call.entry;
    if (tool.proposedRequests === undefined) return this.#permit(call, []);
    try {
      const requests = tool.proposedRequests(call.request, call.input);
      if (isThenable(requests)) {
        return Promise.resolve(requests).then((resolved) => this.#permit(call, resolved), (thrown: unknown) => preflightFailure(call, thrown));
      }
      return this.#permit(call, requests);
    } catch (thrown) {
      return preflightFailure(call, thrown);
    }
  }

  /** Every call is checked: a tool that describes no side effect raises `tool.invoke`. */
  #permit(call: ExecutorCall, proposed: unknown): MaybePromise<CheckResult> {
    const { request, entry } = call;
    if (call.stopped) return checksTimedOut(call);
    let requests: readonly PermissionRequest[];
    try {
      requests = checkPermissionRequests(proposed, request.toolName);
    } catch (thrown) {
      return preflightFailure(call, thrown);
    }
    if (requests.length === 0) requests = [new ToolInvokePermissionRequest(request.toolName, entry.tool.spec.annotations)];
    const evaluation = evaluatePermissions(requests, this.#permissions, {
      toolName: request.toolName,
      callId: request.callId,
      sessionId: request.sessionId,
      turnId: request.turnId,
    });
    return isThenable(evaluation) ? evaluation.then((settled) => this.#decide(call, settled)) : this.#decide(call, evaluation);
  }

  /** Deny wins; then the approval this run carries, or a new one; else the call may run. */
  #decide(call: ExecutorCall, { denied, pending }: PermissionEvaluation): MaybePromise<CheckResult> {
    const { request } = call;
    if (denied.length > 0) return failure(buildPermissionDenial(request.toolName, denied), false);
    // Stopped (timed out or cancelled): the call has ended, so nothing more reaches the store.
    if (call.stopped) return checksTimedOut(call);
    const { run } = call.frame;
    if (run !== undefined && !run.consumed && ApprovalGate.names(run.approval, request)) {
      return this.#gate.redeem(run.approval, request, pending).then((rejection) => {
        if (rejection !== undefined) return failure(rejectApproval(rejection, run.approval.id, request.toolName), false);
        run.consumed = true;
        return PROCEED;
      });
    }
    if (pending.length === 0) return PROCEED;
    return this.#gate.issue(request, pending).then((approval): Outcome => ({ status: 'interrupted', interruption: { type: 'approval_required', approval } }));
  }

  /** Starts the body once every check passed, in time and not cancelled; it gets its own budget. */
  #start(call: ExecutorCall, result: CheckResult): MaybePromise<Outcome> {
    if (result !== PROCEED) return result;
    // The checks may have run synchronously past their deadline, or the caller cancelled meanwhile.
    const now = monotonicNow();
    if (now > call.checksDeadline) return checksTimedOut(call);
    if (call.signal?.aborted === true) return cancelledBeforeStart(call.request.toolName);
    const { entry, request, frame } = call;
    const { tool } = entry;
    const ctx = new CallContext(request, call.input, this.#permissions, this.#resources, frame, this.#runner, call.signal !== undefined);
    const { invokeValue } = entry;
    let body: () => unknown;
    let kind: ReturnKind;
    if (invokeValue !== undefined) {
      body = () => invokeValue(ctx);
      kind = 'value';
    } else if (tool.invokeOutcome !== undefined) {
      body = () => (tool.invokeOutcome as NonNullable<typeof tool.invokeOutcome>).call(tool, request, ctx);
      kind = 'outcome';
    } else {
      body = () => tool.invoke(request, ctx);
      kind = 'result';
    }
    return runWithDeadline(body, now + call.timeoutMs, ctx, call.signal, (end, value) => settleInvocation(entry, request, call.started, call.timeoutMs, end, value, kind));
  }
}

/**
 * `body()`, with a synchronous throw turned into an `internal` failure. Only the checks before
 * the body can throw here (the body and its settling are guarded by `runWithDeadline`), so such
 * a failure says `invoked: false`.
 */
function guard(body: () => MaybePromise<Outcome>): MaybePromise<Outcome> {
  try {
    return body();
  } catch (thrown) {
    return internalFailure(thrown);
  }
}
