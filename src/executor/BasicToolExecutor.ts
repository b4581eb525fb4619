import type { ToolError } from '../errors/ToolError.js';
import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import { AuthRequiredError } from '../interrupt/AuthRequiredError.js';
import { InMemoryApprovalStore } from '../interrupt/InMemoryApprovalStore.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { ToolInvokePermissionRequest } from '../permissions/ToolInvokePermissionRequest.js';
import type { RegisteredTool } from '../registry/RegisteredTool.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { buildValidationError, getAjvIssues } from '../schema/buildValidationError.js';
import { checkInputLimits } from '../schema/checkInputLimits.js';
import { DEFAULT_INPUT_LIMITS } from '../schema/InputLimits.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import { ApprovalGate, rejectApproval } from './ApprovalGate.js';
import type { ApprovalRun } from './ApprovalRun.js';
import { EXECUTOR_DEFAULTS, MAX_TIMEOUT_MS, type BasicToolExecutorOptions } from './BasicToolExecutorOptions.js';
import { buildNotFoundError } from './buildNotFoundError.js';
import { buildPermissionDenial } from './buildPermissionDenial.js';
import { checkPermissionRequests } from './checkPermissionRequests.js';
import { createExecutionScope } from './createExecutionScope.js';
import { evaluatePermissions } from './evaluatePermissions.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ExecutorObserver } from './ExecutorObserver.js';
import { failed, failure } from './failure.js';
import { finishInvocation } from './finishInvocation.js';
import { isToolRequest } from './isToolRequest.js';
import { MapToolResources } from './MapToolResources.js';
import { runWithDeadline } from './runWithDeadline.js';
import type { ToolContext } from './ToolContext.js';
import type { ToolExecutionOutcome } from './ToolExecutionOutcome.js';
import type { ToolExecutor } from './ToolExecutor.js';
import type { ToolRequest } from './ToolRequest.js';
import type { ToolResources } from './ToolResources.js';
import { toToolError } from './toToolError.js';

/** Where a call sits: its nesting depth, the approval its run carries, its parent's signal. */
export interface ExecutionFrame {
  readonly depth: number;
  readonly run?: ApprovalRun;
  readonly parentSignal?: AbortSignal;
}

/**
 * Runs every call the same way: look up, check limits, validate, parse, preflight, evaluate
 * every permission request (deny wins; one approval covers all that need it), invoke under a
 * timeout and signal, normalize and time the result. It never throws to its caller.
 */
export class BasicToolExecutor implements ToolExecutor {
  #registry: ToolRegistry;
  readonly #permissions: PermissionChecker;
  readonly #resources: ToolResources;
  readonly #observer: ExecutorObserver | undefined;
  readonly #gate: ApprovalGate;
  readonly #defaultTimeoutMs: number;
  readonly #maxNestingDepth: number;

  public constructor(options: BasicToolExecutorOptions) {
    this.#registry = options.registry.freeze();
    this.#permissions = options.permissions;
    this.#resources = options.resources ?? new MapToolResources();
    this.#observer = options.observer;
    const now = options.now ?? Date.now;
    this.#gate = new ApprovalGate(
      options.approvals ?? new InMemoryApprovalStore(now),
      options.approvalTtlMs ?? EXECUTOR_DEFAULTS.approvalTtlMs,
      now,
    );
    this.#defaultTimeoutMs = options.defaultTimeoutMs ?? EXECUTOR_DEFAULTS.defaultTimeoutMs;
    this.#maxNestingDepth = options.maxNestingDepth ?? EXECUTOR_DEFAULTS.maxNestingDepth;
  }

  public specs(): readonly ToolSpec[] {
    return this.#registry.specs();
  }

  /** Swaps in a new (frozen) registry atomically: calls already running keep their tool. */
  public replaceRegistry(registry: ToolRegistry): void {
    this.#registry = registry.freeze();
  }

  public execute(request: ToolRequest, options: ExecuteOptions = {}): Promise<ToolExecutionOutcome> {
    return this.observe(request, () => this.run(request, options, { depth: 0 }));
  }

  public executeApproved(
    request: ToolRequest,
    approval: ApprovalRequest,
    options: ExecuteOptions = {},
  ): Promise<ToolExecutionOutcome> {
    return this.observe(request, () => this.runApproved(request, approval, options, { depth: 0 }));
  }

  /** Runs `body` between the observer's hooks; turns any escaped throw into `internal`. */
  private async observe(request: ToolRequest, body: () => Promise<ToolExecutionOutcome>): Promise<ToolExecutionOutcome> {
    const observer = this.#observer;
    const started = performance.now();
    try {
      observer?.onStart?.(request);
    } catch {
      // An observer must never change an outcome.
    }
    let outcome: ToolExecutionOutcome;
    try {
      outcome = await body();
    } catch (thrown) {
      outcome = failure(toToolError(thrown, 'internal', 'The tool executor failed unexpectedly'), true);
    }
    try {
      observer?.onEnd?.(request, outcome, performance.now() - started);
    } catch {
      // Same as above.
    }
    return outcome;
  }

  private async runApproved(
    request: ToolRequest,
    approval: unknown,
    options: ExecuteOptions,
    frame: ExecutionFrame,
  ): Promise<ToolExecutionOutcome> {
    if (!isToolRequest(request)) return this.run(request, options, frame);
    const loaded = await this.#gate.load(approval, request);
    if (typeof loaded === 'string') {
      return failure(rejectApproval(loaded, (approval as { id?: unknown } | null)?.id, request.toolName), false);
    }
    if (loaded.callId === request.callId && loaded.toolName !== request.toolName) {
      return failure(rejectApproval('binding_mismatch', loaded.id, request.toolName), false);
    }
    const run: ApprovalRun = { approval: loaded, consumed: false };
    const outcome = await this.run(request, options, { ...frame, run });
    if (outcome.status === 'completed' && !run.consumed) {
      return failure(rejectApproval('approval_not_consumed', loaded.id, request.toolName), true);
    }
    return outcome;
  }

  private async run(request: ToolRequest, options: ExecuteOptions, frame: ExecutionFrame): Promise<ToolExecutionOutcome> {
    const started = performance.now();
    if (!isToolRequest(request)) {
      return failed('invalid_input', 'The tool request is malformed: it needs string callId, toolName, sessionId and turnId, and an input.', { reason: 'malformed_request' }, false);
    }
    const entry = this.#registry.getEntry(request.toolName);
    if (entry === undefined) return failure(buildNotFoundError(request.toolName, this.#registry.names()), false);
    const signal = options.signal ?? frame.parentSignal;
    if (signal?.aborted === true) {
      return failed('interrupted', `Tool \`${request.toolName}\` was cancelled before it started.`, { reason: 'cancelled' }, false);
    }
    const timeoutMs = options.timeoutMs ?? this.#defaultTimeoutMs;
    if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
      return failed('internal', `timeoutMs must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}; got ${String(timeoutMs)}.`, { reason: 'invalid_timeout' }, false);
    }
    const refusal = await this.check(entry, request);
    if (refusal !== undefined) return failure(refusal, false);

    const gate = await this.authorize(entry, request, frame);
    if (gate !== undefined) return gate;

    const controller = new AbortController();
    const ctx: ToolContext = {
      request,
      sessionId: request.sessionId,
      turnId: request.turnId,
      permissions: this.#permissions,
      resources: this.#resources,
      signal: controller.signal,
      scope: createExecutionScope(request, frame, controller.signal, {
        maxNestingDepth: this.#maxNestingDepth,
        observe: (child, body) => this.observe(child, body),
        run: (child, childOptions, childFrame) => this.run(child, childOptions, childFrame),
        runApproved: (child, approval, childOptions, childFrame) => this.runApproved(child, approval, childOptions, childFrame),
      }),
      ...(frame.run === undefined ? {} : { approvedRequest: frame.run.approval }),
    };
    const { tool } = entry;
    const call = tool.invokeOutcome === undefined
      ? () => tool.invoke(request, ctx)
      : () => (tool.invokeOutcome as NonNullable<typeof tool.invokeOutcome>)(request, ctx);
    const ended = await runWithDeadline<unknown>(call, timeoutMs, controller, signal);
    switch (ended.kind) {
      case 'timeout':
        return failed('interrupted', `Tool \`${request.toolName}\` timed out after ${timeoutMs} ms and was stopped. Try a smaller task or a longer timeout.`, { reason: 'timeout', timeoutMs }, true);
      case 'cancelled':
        return failed('interrupted', `Tool \`${request.toolName}\` was cancelled while running.`, { reason: 'cancelled' }, true);
      case 'thrown':
        if (AuthRequiredError.is(ended.thrown)) return this.authInterruption(request, ended.thrown);
        return failure(toToolError(ended.thrown, 'execution_failed', `Tool \`${request.toolName}\` failed`), true);
      case 'value':
        return finishInvocation(entry, request, ended.value, tool.invokeOutcome !== undefined, started);
    }
  }

  /** Limits, schema, parse: anything refused here has not run. */
  private async check(entry: RegisteredTool, request: ToolRequest): Promise<ToolError | undefined> {
    const { tool } = entry;
    const limits = tool.maxInputBytes === undefined ? DEFAULT_INPUT_LIMITS : { ...DEFAULT_INPUT_LIMITS, maxBytes: tool.maxInputBytes };
    const tooBig = checkInputLimits(request.toolName, request.input, limits);
    if (tooBig !== undefined) return tooBig;
    if (!entry.validateInput(request.input)) {
      return buildValidationError(request.toolName, getAjvIssues(entry.validateInput.errors));
    }
    if (tool.parseInput !== undefined) {
      try {
        await tool.parseInput(request);
      } catch (thrown) {
        return toToolError(thrown, 'invalid_input', `Input for tool \`${request.toolName}\` is invalid`);
      }
    }
    return undefined;
  }

  /** Preflight and permissions: `undefined` lets the call run. */
  private async authorize(entry: RegisteredTool, request: ToolRequest, frame: ExecutionFrame): Promise<ToolExecutionOutcome | undefined> {
    const { tool } = entry;
    let requests: readonly PermissionRequest[] = [];
    if (tool.proposedRequests !== undefined) {
      try {
        requests = checkPermissionRequests(await tool.proposedRequests(request), request.toolName);
      } catch (thrown) {
        return failure(toToolError(thrown, 'internal', `Preflight of tool \`${request.toolName}\` failed`), false);
      }
    }
    if (requests.length === 0 && tool.spec.annotations.needsApprovalHint === true) {
      requests = [new ToolInvokePermissionRequest(request.toolName)];
    }
    const { denied, pending } = await evaluatePermissions(requests, this.#permissions, {
      toolName: request.toolName,
      callId: request.callId,
      sessionId: request.sessionId,
      turnId: request.turnId,
    });
    if (denied.length > 0) return failure(buildPermissionDenial(request.toolName, denied), false);
    const { run } = frame;
    if (run !== undefined && !run.consumed && ApprovalGate.names(run.approval, request)) {
      const rejection = await this.#gate.redeem(run.approval, request, pending);
      if (rejection !== undefined) return failure(rejectApproval(rejection, run.approval.id, request.toolName), false);
      run.consumed = true;
      return undefined;
    }
    if (pending.length === 0) return undefined;
    const approval = await this.#gate.issue(request, pending);
    return { status: 'interrupted', interruption: { type: 'approval_required', approval } };
  }

  private authInterruption(request: ToolRequest, error: AuthRequiredError): ToolExecutionOutcome {
    return {
      status: 'interrupted',
      interruption: {
        type: 'auth_required',
        auth: {
          id: crypto.randomUUID(),
          callId: request.callId,
          toolName: request.toolName,
          provider: error.provider,
          challenge: error.challenge,
          ...(error.scopes === undefined ? {} : { scopes: error.scopes }),
          ...(error.metadata === undefined ? {} : { metadata: error.metadata }),
        },
      },
    };
  }
}
