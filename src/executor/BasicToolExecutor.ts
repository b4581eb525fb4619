import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import { InMemoryApprovalStore } from '../interrupt/InMemoryApprovalStore.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import { toPromise, type MaybePromise } from '../contract/maybeAsync.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import { ApprovalGate } from './ApprovalGate.js';
import { EXECUTOR_DEFAULTS, type BasicToolExecutorOptions } from './BasicToolExecutorOptions.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import { ExecutorCall } from './ExecutorCall.js';
import type { ExecutorObserver } from './ExecutorObserver.js';
import type { ExecutorServices } from './ExecutorServices.js';
import { MapToolResources } from './MapToolResources.js';
import { monotonicNow } from './monotonicNow.js';
import { NO_OPTIONS } from './NO_OPTIONS.js';
import type { PendingCall } from './PendingCall.js';
import { rejectPendingCall } from './rejectPendingCall.js';
import { buildExecutorSteps } from './steps/buildExecutorSteps.js';
import type { ExecutorStep } from './steps/ExecutorStep.js';
import { runSteps } from './steps/runSteps.js';
import type { ToolExecutor } from './ToolExecutor.js';

type Outcome = ToolExecutionOutcome;

const ROOT: ExecutionFrame = Object.freeze({ depth: 0 });

/**
 * Runs every call through one list of named steps (`buildExecutorSteps`): check the request and
 * options, look the tool up, set the budget, check the input's limits, validate, parse,
 * preflight, permit (every permission request evaluated; deny wins), decide (one approval covers
 * all that need it), invoke under a deadline and the caller's signal, normalize, time. The checks
 * before the body have a budget of their own (the call's timeout); the body's budget starts when
 * the body starts. The runner (`runSteps`) stays synchronous until a step answers with a promise.
 * It never throws to its caller, and every failure before the body says `invoked: false`.
 */
export class BasicToolExecutor implements ToolExecutor {
  readonly #services: ExecutorServices;
  readonly #steps: readonly ExecutorStep[];
  readonly #approvedSteps: readonly ExecutorStep[];
  readonly #observer: ExecutorObserver | undefined;

  public constructor(options: BasicToolExecutorOptions) {
    const now = options.now ?? Date.now;
    this.#services = {
      registry: options.registry.freeze(),
      permissions: options.permissions,
      resources: options.resources ?? new MapToolResources(),
      gate: new ApprovalGate(options.approvals ?? new InMemoryApprovalStore(now), options.approvalTtlMs ?? EXECUTOR_DEFAULTS.approvalTtlMs, now),
      defaultTimeoutMs: options.defaultTimeoutMs ?? EXECUTOR_DEFAULTS.defaultTimeoutMs,
      maxNestingDepth: options.maxNestingDepth ?? EXECUTOR_DEFAULTS.maxNestingDepth,
      scope: {
        runChild: (request, frame, approval) =>
          approval === undefined ? this.#run(this.#call(request, NO_OPTIONS, frame)) : this.#run(this.#approvedCall(request, approval, NO_OPTIONS, frame)),
      },
    };
    const steps = buildExecutorSteps(options.steps);
    this.#steps = steps.call;
    this.#approvedSteps = steps.approved;
    this.#observer = options.observer;
    this.#onClose = options.onClose;
  }

  /** {@inheritDoc ToolExecutor.specs} */
  public specs(): readonly ToolSpec[] {
    return this.#services.registry.specs();
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

  /** The same as {@link BasicToolExecutor.close}, for `await using`. */
  public [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
  // --- end close

  /** @internal Swaps in a new (frozen) registry atomically (agentkitModule's reloads): calls already running keep their tool. */
  public replaceRegistry(registry: ToolRegistry): void {
    this.#services.registry = registry.freeze();
  }

  /** {@inheritDoc ToolExecutor.execute} */
  public execute(request: ToolRequest, options: ExecuteOptions = NO_OPTIONS): Promise<ToolExecutionOutcome> {
    return this.#run(this.#call(request, options, ROOT));
  }

  /** {@inheritDoc ToolExecutor.executeApproved} */
  public executeApproved(request: ToolRequest, approval: ApprovalRequest, options: ExecuteOptions = NO_OPTIONS): Promise<ToolExecutionOutcome> {
    return this.#run(this.#approvedCall(request, approval, options, ROOT));
  }

  /** {@inheritDoc ToolExecutor.reject} */
  public reject(pending: PendingCall, reason?: string): Promise<ToolExecutionOutcome> {
    const request = (pending as Partial<PendingCall> | null)?.request as ToolRequest;
    const { gate, defaultTimeoutMs } = this.#services;
    return this.#observe(request, (rejected: PendingCall) => rejectPendingCall(gate, defaultTimeoutMs, rejected, reason), pending);
  }

  #call(request: ToolRequest, options: ExecuteOptions, frame: ExecutionFrame): ExecutorCall {
    return new ExecutorCall(this.#services, this.#steps, request, options, frame);
  }

  /** A call of a resumed run: its steps load the approval presented and check it was consumed. */
  #approvedCall(request: ToolRequest, approval: unknown, options: ExecuteOptions, frame: ExecutionFrame): ExecutorCall {
    const call = new ExecutorCall(this.#services, this.#approvedSteps, request, options, frame);
    call.presented = approval;
    return call;
  }

  /** One call through its steps, observed. */
  #run(call: ExecutorCall): Promise<Outcome> {
    return this.#observe(call.request, runSteps, call);
  }

  /** `run(arg)` between the observer's hooks (an observer never changes an outcome). */
  #observe<A>(request: ToolRequest, run: (arg: A) => MaybePromise<Outcome>, arg: A): Promise<Outcome> {
    const observer = this.#observer;
    if (observer === undefined) return toPromise(run(arg));
    const started = monotonicNow();
    try {
      observer.onStart?.(request);
    } catch {
      // Ignored: see above.
    }
    return toPromise(run(arg)).then((outcome) => {
      try {
        observer.onEnd?.(request, outcome, monotonicNow() - started);
      } catch {
        // Ignored: see above.
      }
      return outcome;
    });
  }
}
