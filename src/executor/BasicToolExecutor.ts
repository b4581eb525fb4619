import { monotonicNow } from './monotonicNow.js';
import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import { InMemoryApprovalStore } from '../interrupt/InMemoryApprovalStore.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { ToolInvokePermissionRequest } from '../permissions/ToolInvokePermissionRequest.js';
import type { RegisteredTool } from '../registry/RegisteredTool.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import { ApprovalGate, rejectApproval } from './ApprovalGate.js';
import type { ApprovalRun } from './ApprovalRun.js';
import { EXECUTOR_DEFAULTS, MAX_TIMEOUT_MS, type BasicToolExecutorOptions } from './BasicToolExecutorOptions.js';
import { buildNotFoundError } from './buildNotFoundError.js';
import { buildPermissionDenial } from './buildPermissionDenial.js';
import { CallContext } from './CallContext.js';
import { checkPermissionRequests } from './checkPermissionRequests.js';
import type { ScopeRunner } from './createExecutionScope.js';
import { evaluatePermissions, type PendingRequest, type PermissionEvaluation } from './evaluatePermissions.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import type { ExecutorObserver } from './ExecutorObserver.js';
import { failed, failure } from './failure.js';
import type { ReturnKind } from './finishInvocation.js';
import { settleInvocation } from './settleInvocation.js';
import { validateToolInput } from './validateToolInput.js';
import { isToolRequest } from './isToolRequest.js';
import { MapToolResources } from './MapToolResources.js';
import { isThenable, toPromise, type MaybePromise } from './maybeAsync.js';
import { runWithDeadline } from './runWithDeadline.js';
import type { ToolExecutionOutcome } from './ToolExecutionOutcome.js';
import type { ToolExecutor } from './ToolExecutor.js';
import type { ToolRequest } from './ToolRequest.js';
import type { ToolResources } from './ToolResources.js';
import { toToolError } from './toToolError.js';

type Outcome = ToolExecutionOutcome;

/** One call on its way through the pipeline. */
interface Call {
  readonly entry: RegisteredTool;
  readonly request: ToolRequest;
  readonly frame: ExecutionFrame;
  readonly started: number;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  /** The parsed input, once `parseInput` ran. */
  input: unknown;
}

const ROOT: ExecutionFrame = Object.freeze({ depth: 0 });
const NO_OPTIONS: ExecuteOptions = Object.freeze({});

/**
 * Runs every call the same way: look up, check limits, validate, parse, preflight, evaluate
 * every permission request (deny wins; one approval covers all that need it), invoke under a
 * timeout and signal, normalize and time the result. Each step stays synchronous until a tool
 * or checker answers with a promise. It never throws to its caller.
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

  #runApproved(request: ToolRequest, approval: unknown, options: ExecuteOptions, frame: ExecutionFrame): MaybePromise<Outcome> {
    if (!isToolRequest(request)) return this.#run(request, options, frame);
    return this.#gate.load(approval, request).then(async (loaded) => {
      if (typeof loaded === 'string') {
        return failure(rejectApproval(loaded, (approval as { id?: unknown } | null)?.id, request.toolName), false);
      }
      if (loaded.callId === request.callId && loaded.toolName !== request.toolName) {
        return failure(rejectApproval('binding_mismatch', loaded.id, request.toolName), false);
      }
      const run: ApprovalRun = { approval: loaded, consumed: false };
      const outcome = await this.#run(request, options, { ...frame, run });
      if (outcome.status === 'completed' && !run.consumed) {
        return failure(rejectApproval('approval_not_consumed', loaded.id, request.toolName), true);
      }
      return outcome;
    }, internalFailure);
  }

  #run(request: ToolRequest, options: ExecuteOptions, frame: ExecutionFrame): MaybePromise<Outcome> {
    const started = monotonicNow();
    if (!isToolRequest(request)) {
      return failed('invalid_input', 'The tool request is malformed: it needs string callId, toolName, sessionId and turnId, and an input.', { reason: 'malformed_request' }, false);
    }
    const entry = this.#registry.getEntry(request.toolName);
    if (entry === undefined) return failure(buildNotFoundError(request.toolName, this.#registry.names()), false);
    const signal = options.signal ?? frame.parentSignal;
    if (signal?.aborted === true) {
      return failed('interrupted', `Tool \`${request.toolName}\` was cancelled before it started.`, { reason: 'cancelled' }, false);
    }
    const timeoutMs = options.timeoutMs ?? entry.tool.timeoutMs ?? this.#defaultTimeoutMs;
    if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
      return failed('internal', `timeoutMs must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}; got ${String(timeoutMs)}.`, { reason: 'invalid_timeout' }, false);
    }
    const refusal = validateToolInput(entry, request);
    if (refusal !== undefined) return failure(refusal, false);
    return this.#parse({ entry, request, frame, started, signal, timeoutMs, input: request.input });
  }

  /** The tool's own parsing step (class tools build their input instance here). */
  #parse(call: Call): MaybePromise<Outcome> {
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

  #preflight(call: Call): MaybePromise<Outcome> {
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

  #permit(call: Call, proposed: unknown): MaybePromise<Outcome> {
    const { request, entry } = call;
    let requests: readonly PermissionRequest[];
    try {
      requests = checkPermissionRequests(proposed, request.toolName);
    } catch (thrown) {
      return preflightFailure(call, thrown);
    }
    if (requests.length === 0 && entry.tool.spec.annotations.needsApprovalHint === true) {
      requests = [new ToolInvokePermissionRequest(request.toolName)];
    }
    const evaluation = evaluatePermissions(requests, this.#permissions, {
      toolName: request.toolName,
      callId: request.callId,
      sessionId: request.sessionId,
      turnId: request.turnId,
    });
    return isThenable(evaluation) ? evaluation.then((settled) => this.#decide(call, settled)) : this.#decide(call, evaluation);
  }

  /** Deny wins; then the approval this run carries, or a new one; else the call runs. */
  #decide(call: Call, { denied, pending }: PermissionEvaluation): MaybePromise<Outcome> {
    const { request, frame } = call;
    if (denied.length > 0) return failure(buildPermissionDenial(request.toolName, denied), false);
    const { run } = frame;
    if (run !== undefined && !run.consumed && ApprovalGate.names(run.approval, request)) {
      return this.#redeem(call, run, pending);
    }
    if (pending.length === 0) return this.#invoke(call);
    return this.#gate.issue(request, pending).then(
      (approval): Outcome => ({ status: 'interrupted', interruption: { type: 'approval_required', approval } }),
      internalFailure,
    );
  }

  #redeem(call: Call, run: ApprovalRun, pending: readonly PendingRequest[]): Promise<Outcome> {
    return this.#gate.redeem(run.approval, call.request, pending).then((rejection) => {
      if (rejection !== undefined) return failure(rejectApproval(rejection, run.approval.id, call.request.toolName), false);
      run.consumed = true;
      return this.#invoke(call);
    }, internalFailure);
  }

  #invoke(call: Call): MaybePromise<Outcome> {
    const { entry, request, frame } = call;
    const { tool } = entry;
    const ctx = new CallContext(
      request,
      call.input,
      this.#permissions,
      this.#resources,
      frame,
      this.#runner,
      call.signal !== undefined,
    );
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
    return runWithDeadline(body, call.started + call.timeoutMs, ctx, call.signal, (end, value) => settleInvocation(call.entry, request, call.started, call.timeoutMs, end, value, kind));
  }
}

function parseFailure(call: Call, thrown: unknown): Outcome {
  return failure(toToolError(thrown, 'invalid_input', `Input for tool \`${call.request.toolName}\` is invalid`), false);
}

function preflightFailure(call: Call, thrown: unknown): Outcome {
  return failure(toToolError(thrown, 'internal', `Preflight of tool \`${call.request.toolName}\` failed`), false);
}

function internalFailure(thrown: unknown): Outcome {
  return failure(toToolError(thrown, 'internal', 'The tool executor failed unexpectedly'), true);
}

/** `body()`, with a synchronous throw turned into an `internal` failure. */
function guard(body: () => MaybePromise<Outcome>): MaybePromise<Outcome> {
  try {
    return body();
  } catch (thrown) {
    return internalFailure(thrown);
  }
}
