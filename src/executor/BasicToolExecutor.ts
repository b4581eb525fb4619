import { toPromise, type MaybePromise } from '../contract/maybeAsync.js';
import { MapToolResources } from '../contract/MapToolResources.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import { InMemoryApprovalStore } from '../interrupt/InMemoryApprovalStore.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import { CallTracer } from '../tracing/CallTracer.js';
import type { ElicitationResult } from '../interrupt/Elicitation.js';
import { isToolRequest } from '../contract/isToolRequest.js';
import type { InputRequest } from '../interrupt/InputRequest.js';
import { ApprovalGate, rejectApproval } from './ApprovalGate.js';
import { CallLink } from './CallLink.js';
import { checkAnswer } from './checkElicitation.js';
import { failed, failedWith, toToolError } from './failures.js';
import { InputGate, recordAnswer } from './InputGate.js';
import { EXECUTOR_DEFAULTS, type BasicToolExecutorOptions, type ExecutorSteps } from './BasicToolExecutorOptions.js';
import { invoke, normalize, time } from './bodySteps.js';
import type { ExecutionFrame } from './CallContext.js';
import { startCall, type AnyStep, type ExecutorServices } from './CallState.js';
import { checkCall, checkLimits, lookUp, parseInput, preflight, validateInput } from './checkSteps.js';
import { monotonicNow, RacesInFlight } from './DeadlineRace.js';
import { NO_OPTIONS, type ExecuteOptions } from './ExecuteOptions.js';
import type { ExecutorObserver } from './ExecutorObserver.js';
import { checkApprovalConsumed, decide, loadApproval, permit } from './permitSteps.js';
import { rejectPendingCall } from './rejectPendingCall.js';
import { runSteps, StepList } from './runSteps.js';
import type { PendingCall, ToolExecutor } from './ToolExecutor.js';

type Outcome = ToolExecutionOutcome;

const ROOT: ExecutionFrame = Object.freeze({ depth: 0 });

/**
 * The steps of one call, in order (`approved`: `executeApproved`'s, which loads and checks the
 * approval it resumes). Not frozen: the list is the executor's own, and V8 (Node 20) reads a
 * frozen array's elements on a slow path, which cost the runner's loop about 300 ns a call.
 */
function buildSteps(extra: ExecutorSteps | undefined, approved: boolean): readonly AnyStep[] {
  const checked = StepList.of(checkCall).then(lookUp).then(checkLimits).then(validateInput);
  const found = (approved ? checked.then(loadApproval) : checked)
    .then(parseInput)
    .then(preflight)
    .then(permit)
    .then(decide);
  const finished = found.also(extra?.beforeInvoke).then(invoke).awaitBody().then(normalize).also(extra?.afterResult);
  return (approved ? finished.then(checkApprovalConsumed) : finished).then(time).steps;
}

/**
 * Runs every call through one typed list of named steps: check the request and options, look
 * the tool up, set the budget, check the input's limits, validate, parse, preflight, permit
 * (every permission request evaluated; deny wins), decide (one approval covers all that need
 * it), the host's `beforeInvoke` steps, invoke under a deadline and the caller's signal,
 * normalize, the host's `afterResult` steps, time. The checks before the body have a budget of
 * their own (the call's timeout); the body's budget starts when the body starts. The runner
 * (`runSteps`) stays synchronous until a step answers with a promise. It never throws to its
 * caller, and every failure before the body says `invoked: false`.
 */
export class BasicToolExecutor implements ToolExecutor {
  readonly #services: ExecutorServices;
  readonly #steps: readonly AnyStep[];
  readonly #approvedSteps: readonly AnyStep[];
  readonly #observer: ExecutorObserver | undefined;
  /** Decided once here: `undefined` unless OpenTelemetry is installed, registered and not turned off. */
  readonly #tracer: CallTracer | undefined;
  readonly #closeGraceMs: number;
  #closed: Promise<void> | undefined;

  public constructor(options: BasicToolExecutorOptions) {
    const now = options.now ?? Date.now;
    const { registry } = options;
    const tracer = CallTracer.create(options.tracing, (name) => this.#services.catalog.registry.get(name));
    this.#tracer = tracer;
    const approvals = options.approvals ?? new InMemoryApprovalStore(now);
    const approvalTtlMs = options.approvalTtlMs ?? EXECUTOR_DEFAULTS.approvalTtlMs;
    this.#services = {
      // A catalog serves its sources' registry of now; a plain registry is served as it is, frozen.
      catalog: 'refresh' in registry ? registry : { registry: registry.freeze(), close: () => Promise.resolve() },
      permissions: tracer === undefined ? options.permissions : tracer.tracePermissions(options.permissions),
      resources: options.resources ?? new MapToolResources(),
      gate: new ApprovalGate(approvals, approvalTtlMs, now),
      link: CallLink.shared(
        options.observer,
        options.elicitation,
        options.sampling,
        new InputGate(approvals, approvalTtlMs, now),
      ),
      defaultTimeoutMs: options.defaultTimeoutMs ?? EXECUTOR_DEFAULTS.defaultTimeoutMs,
      maxNestingDepth: options.maxNestingDepth ?? EXECUTOR_DEFAULTS.maxNestingDepth,
      scope: {
        runChild: (request, frame, approval) => this.#run(request, NO_OPTIONS, frame, approval !== undefined, approval),
      },
      inFlight: new RacesInFlight(),
    };
    this.#steps = buildSteps(options.steps, false);
    this.#approvedSteps = buildSteps(options.steps, true);
    this.#observer = options.observer;
    this.#closeGraceMs = options.closeGraceMs ?? EXECUTOR_DEFAULTS.closeGraceMs;
  }

  /** {@inheritDoc ToolExecutor.specs} */
  public specs(): readonly ToolSpec[] {
    return this.#services.catalog.registry.specs();
  }

  /** {@inheritDoc ToolExecutor.execute} */
  public execute(request: ToolRequest, options: ExecuteOptions = NO_OPTIONS): Promise<ToolExecutionOutcome> {
    return this.#run(request, options, ROOT, false, undefined);
  }

  /** {@inheritDoc ToolExecutor.executeApproved} */
  public executeApproved(
    request: ToolRequest,
    approval: ApprovalRequest,
    options: ExecuteOptions = NO_OPTIONS,
  ): Promise<ToolExecutionOutcome> {
    return this.#run(request, options, ROOT, true, approval);
  }

  /** {@inheritDoc ToolExecutor.executeWithInput} */
  public executeWithInput(
    request: ToolRequest,
    input: InputRequest,
    answer: ElicitationResult,
    options: ExecuteOptions = NO_OPTIONS,
  ): Promise<ToolExecutionOutcome> {
    return this.#observe(request, (arg: InputRequest) => this.#resumeWithInput(request, arg, answer, options), input);
  }

  /** {@inheritDoc ToolExecutor.reject} */
  public reject(pending: PendingCall, reason?: string): Promise<ToolExecutionOutcome> {
    const request = (pending as Partial<PendingCall> | null)?.request as ToolRequest;
    const { gate, defaultTimeoutMs } = this.#services;
    return this.#observe(
      request,
      (rejected: PendingCall) => rejectPendingCall(gate, defaultTimeoutMs, rejected, reason),
      pending,
    );
  }

  /**
   * Shuts the executor down: the calls in flight are stopped through their signals (they end
   * `interrupted`, `cancelled`) and waited for, up to `closeGraceMs`; then the catalog's sources
   * release what they hold (MCP connections, server processes: their tools answer `unavailable`
   * from then on). Idempotent.
   */
  public close(): Promise<void> {
    this.#closed ??= this.#services.inFlight
      .stopAll(new Error('the tool executor was closed'), this.#closeGraceMs)
      .then(() => this.#services.catalog.close());
    return this.#closed;
  }

  /** The same as {@link BasicToolExecutor.close}, for `await using`. */
  public [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /**
   * The input request redeemed (single use) and the answer checked against its question, then the
   * call run again from its start with the answers replayed to the call that asked; else the
   * `failed` outcome that says why, `invoked: false`.
   */
  async #resumeWithInput(
    request: ToolRequest,
    presented: InputRequest,
    answer: ElicitationResult,
    options: ExecuteOptions,
  ): Promise<Outcome> {
    // A malformed request is refused by the steps' own first check, as `execute` refuses it.
    if (!isToolRequest(request)) return runSteps(startCall(this.#services, this.#steps, request, options, ROOT));
    const { toolName } = request;
    let input: Awaited<ReturnType<InputGate['redeem']>>;
    try {
      input = await this.#services.link.inputs.redeem(presented, request);
    } catch (thrown) {
      return failedWith(toToolError(thrown, 'unavailable', `Tool \`${toolName}\` was not run`), false);
    }
    if (typeof input === 'string')
      return failedWith(rejectApproval(input, (presented as Partial<InputRequest> | null)?.id, toolName), false);
    const result = checkAnswer(answer, input, this.#services.link.compiler);
    if (typeof result === 'string') {
      return failed(
        'invalid_input',
        `The answer to tool \`${toolName}\`'s question was refused: ${result}. Nothing was run; the question was used up, so call the tool again to ask anew.`,
        { reason: 'invalid_answer' },
        false,
      );
    }
    const replay = { input, answers: [...input.answered, recordAnswer(input, result)] };
    const call = startCall(this.#services, this.#steps, request, options, { depth: 0, replay }, undefined);
    return runSteps(call);
  }

  /** One call through its steps, observed. */
  #run(
    request: ToolRequest,
    options: ExecuteOptions,
    frame: ExecutionFrame,
    approved: boolean,
    approval: unknown,
  ): Promise<Outcome> {
    const call = startCall(
      this.#services,
      approved ? this.#approvedSteps : this.#steps,
      request,
      options,
      frame,
      approval,
    );
    const tracer = this.#tracer;
    if (tracer === undefined) return this.#observe(request, runSteps, call);
    return tracer.traceCall(request, approval, () => this.#observe(request, runSteps, call));
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
