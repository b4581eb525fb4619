import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ApprovalRun } from './ApprovalGate.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ChildToolRequest } from '../contract/ChildToolRequest.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolContext } from '../contract/ToolContext.js';
import type { ToolExecutionScope } from '../contract/ToolExecutionScope.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResources } from '../contract/ToolResources.js';
import type { ElicitationRequest, ElicitationResult } from '../interrupt/Elicitation.js';
import type { SamplingRequest, SamplingResult } from '../contract/Sampling.js';
import type { ToolEvent, ToolLogLevel } from '../contract/ToolEvent.js';
import { ToolError } from '../errors/ToolError.js';
import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import type { JsonValue } from '../values/JsonValue.js';
import type { AnswerReplay, CallLink } from './CallLink.js';
import { checkAnswer, checkQuestion } from './checkElicitation.js';
import { checkSamplingRequest, checkSamplingResult } from './checkSampling.js';
import { InputGate, isSameQuestion, recordAnswer, type AnsweredQuestion } from './InputGate.js';

/** Where a call sits: its nesting depth, the approval its run carries, its parent's signal. */
export interface ExecutionFrame {
  readonly depth: number;
  readonly run?: ApprovalRun;
  readonly parentSignal?: AbortSignal;
  /** The parent's link to its host (its listeners and handlers), for a nested call. */
  readonly link?: CallLink;
  /** The answers a resumed run (`executeWithInput`) replays to the call that asked. */
  readonly replay?: AnswerReplay;
}

const LOG_LEVELS: ReadonlySet<string> = new Set<ToolLogLevel>([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

/**
 * The executor's entry point a scope calls back into: the child call, observed, through the
 * executor's steps (a resumed run's when `approval` is given; `checkNesting` refuses one too deep).
 */
export interface ScopeRunner {
  runChild(
    request: ToolRequest,
    frame: ExecutionFrame,
    approval: ApprovalRequest | undefined,
  ): Promise<ToolExecutionOutcome>;
}

/**
 * The scope handed to one call: children take the full executor path, in the parent's
 * session and turn, cancelled with the parent, one level deeper.
 */
function createExecutionScope(
  parent: ToolRequest,
  frame: ExecutionFrame,
  signal: () => AbortSignal,
  runner: ScopeRunner,
  link: CallLink,
): ToolExecutionScope {
  // What every child inherits: the parent's listeners and handlers, and a resumed run's answers.
  const inherited = frame.replay === undefined ? { link } : { link, replay: frame.replay };
  let counter = 0;
  const toRequest = (child: ChildToolRequest): ToolRequest => ({
    callId: child.callId ?? `${parent.callId}/${++counter}`,
    toolName: child.toolName,
    input: child.input,
    sessionId: parent.sessionId,
    turnId: parent.turnId,
    metadata: { ...child.metadata, parentCallId: parent.callId },
  });
  const runChild = (child: ChildToolRequest, approval: ApprovalRequest | undefined): Promise<ToolExecutionOutcome> => {
    const request = toRequest(child);
    const depth = frame.depth + 1;
    const parentSignal = signal();
    // The approval this run carries already (not yet consumed) travels down in the frame.
    if (approval === undefined || (approval.id === frame.run?.approval.id && !frame.run.consumed)) {
      return runner.runChild(
        request,
        { depth, parentSignal, ...inherited, ...(frame.run === undefined ? {} : { run: frame.run }) },
        undefined,
      );
    }
    return runner.runChild(request, { depth, parentSignal, ...inherited }, approval);
  };
  return {
    depth: frame.depth,
    executeChild: (child) => runChild(child, undefined),
    executeApprovedChild: (child, approval) => runChild(child, approval),
  };
}

function describe(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/**
 * The context of one call. Its abort signal and nested-call scope are built when a tool first
 * reads them: most calls never do, and an `AbortController` is costly on Node 20.
 */
export class CallContext implements ToolContext {
  public readonly sessionId: string;
  public readonly turnId: string;
  public readonly approvedRequest?: ApprovalRequest;
  /** Set by the executor, from this call's own preflight, before the body starts. */
  public plan: unknown = undefined;
  #controller: AbortController | undefined;
  #aborted = false;
  #abortReason: unknown;
  #scope: ToolExecutionScope | undefined;
  /** Set when the call ended: later events are dropped. */
  #finished = false;
  /** Why the call must end `interrupted` (a question nobody could answer), once it asked. */
  #interruption: ToolInterruption | undefined;
  /** How many questions this call asked so far, and the answers they got (for a later input request). */
  #asked = 0;
  #answers: AnsweredQuestion[] | undefined;

  public constructor(
    public readonly request: ToolRequest,
    public readonly input: unknown,
    public readonly permissions: PermissionChecker,
    public readonly resources: ToolResources,
    private readonly frame: ExecutionFrame,
    private readonly runner: ScopeRunner,
    public readonly cancellable: boolean,
    private readonly link: CallLink,
  ) {
    const approvedRequest = frame.run?.approval;
    this.sessionId = request.sessionId;
    this.turnId = request.turnId;
    if (approvedRequest !== undefined) this.approvedRequest = approvedRequest;
  }

  public get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  public get scope(): ToolExecutionScope {
    this.#scope ??= createExecutionScope(this.request, this.frame, () => this.signal, this.runner, this.link);
    return this.#scope;
  }

  /** What the call must end with instead of its body's answer: a question or a capability nobody had. */
  public get interruption(): ToolInterruption | undefined {
    return this.#interruption;
  }

  public progress(update: { readonly progress: number; readonly total?: number; readonly message?: string }): void {
    if (!this.link.listens || this.#finished) return;
    try {
      const { progress, total, message } = update;
      if (typeof progress !== 'number' || !Number.isFinite(progress)) return;
      this.#emit({
        type: 'progress',
        callId: this.request.callId,
        progress,
        ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
        ...(typeof message === 'string' ? { message } : {}),
      });
    } catch {
      // Emitting never throws: an update that cannot be read is dropped.
    }
  }

  public log(level: ToolLogLevel, data: JsonValue): void {
    if (!this.link.listens || this.#finished || !LOG_LEVELS.has(level)) return;
    this.#emit({ type: 'log', callId: this.request.callId, level, data });
  }

  public output(chunk: JsonValue): void {
    if (!this.link.listens || this.#finished) return;
    this.#emit({ type: 'output', callId: this.request.callId, chunk });
  }

  public async elicit(question: ElicitationRequest): Promise<ElicitationResult> {
    const { toolName } = this.request;
    const asked = checkQuestion(question);
    if (typeof asked === 'string') {
      throw new ToolError('internal', `Tool \`${toolName}\` asked an invalid question: ${asked}.`, {
        reason: 'invalid_question',
      });
    }
    if (this.#interruption !== undefined) throw this.#stopped();
    const index = this.#asked++;
    const answers = (this.#answers ??= []);
    const replayed = this.#replayed(asked, index);
    if (replayed !== undefined) {
      answers.push(replayed);
      return replayed.result;
    }
    const handler = this.link.elicitation;
    if (handler === undefined) {
      const input = await this.link.inputs.issue(this.request, asked, answers.slice());
      this.#interruption = { type: 'input_required', input };
      throw this.#stopped();
    }
    let answer: unknown;
    try {
      answer = await handler.elicit(asked, this.request, this.signal);
    } catch (thrown) {
      throw new ToolError(
        'unavailable',
        `Tool \`${toolName}\` could not ask its question: the host's elicitation handler failed (${describe(thrown)}).`,
        { reason: 'elicitation_failed' },
        { cause: thrown },
      );
    }
    const result = checkAnswer(answer, asked, this.link.compiler);
    if (typeof result === 'string') {
      throw new ToolError('invalid_input', `The answer to tool \`${toolName}\`'s question was refused: ${result}.`, {
        reason: 'invalid_answer',
      });
    }
    answers.push(recordAnswer(asked, result));
    return result;
  }

  public async sample(request: SamplingRequest): Promise<SamplingResult> {
    const { toolName } = this.request;
    const checked = checkSamplingRequest(request);
    if (typeof checked === 'string') {
      throw new ToolError('internal', `Tool \`${toolName}\` made an invalid sampling request: ${checked}.`, {
        reason: 'invalid_sampling_request',
      });
    }
    const handler = this.link.sampling;
    if (handler === undefined) {
      this.#interruption ??= {
        type: 'capability_required',
        capability: 'sampling',
        callId: this.request.callId,
        toolName,
        message: `Tool \`${toolName}\` asks the host's model for a completion (sampling), and this host has none to offer: bind a SAMPLING_HANDLER, or serve the tool over MCP to a client that supports sampling.`,
      };
      throw this.#stopped();
    }
    let answer: unknown;
    try {
      answer = await handler.sample(checked, this.request, this.signal);
    } catch (thrown) {
      throw new ToolError(
        'unavailable',
        `Tool \`${toolName}\` could not sample: the host's sampling handler failed (${describe(thrown)}).`,
        { reason: 'sampling_failed' },
        { cause: thrown },
      );
    }
    const result = checkSamplingResult(answer);
    if (typeof result === 'string') {
      throw new ToolError('execution_failed', `The sampling answer for tool \`${toolName}\` was refused: ${result}.`, {
        reason: 'invalid_sampling_result',
      });
    }
    return result;
  }

  /** The call ended (answered, threw, timed out or was cancelled): events from now on are dropped. */
  public finish(): void {
    this.#finished = true;
    // A root call's own link (its options' listener) hears nothing more, from late children either.
    if (this.frame.link !== this.link) this.link.close();
  }

  #emit(event: ToolEvent): void {
    this.link.emit(this.request, event);
  }

  /** The recorded answer to the `index`-th question, when this call is the one a resumed run names, unchanged. */
  #replayed(question: ElicitationRequest, index: number): AnsweredQuestion | undefined {
    const replay = this.frame.replay;
    if (replay === undefined || replay.input.callId !== this.request.callId) return undefined;
    const recorded = replay.answers[index];
    if (recorded === undefined || !isSameQuestion(question, recorded)) return undefined;
    return InputGate.binds(replay.input, this.request) ? recorded : undefined;
  }

  /** What a question or a sampling request nobody could answer throws into the tool (the call ends `interrupted`). */
  #stopped(): ToolError {
    return new ToolError(
      'interrupted',
      `Tool \`${this.request.toolName}\` is waiting for the host: ${this.#interruption?.type ?? 'input_required'}.`,
      { reason: this.#interruption?.type ?? 'input_required' },
    );
  }

  public abort(reason: unknown): void {
    this.finish();
    if (this.#aborted) return;
    this.#aborted = true;
    this.#abortReason = reason;
    this.#controller?.abort(reason);
  }
}
