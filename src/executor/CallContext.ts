import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ApprovalRun } from './ApprovalGate.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ChildToolRequest } from '../contract/ChildToolRequest.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolContext } from '../contract/ToolContext.js';
import type { ToolExecutionScope } from '../contract/ToolExecutionScope.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResources } from '../contract/ToolResources.js';

/** Where a call sits: its nesting depth, the approval its run carries, its parent's signal. */
export interface ExecutionFrame {
  readonly depth: number;
  readonly run?: ApprovalRun;
  readonly parentSignal?: AbortSignal;
}

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
): ToolExecutionScope {
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
        { depth, parentSignal, ...(frame.run === undefined ? {} : { run: frame.run }) },
        undefined,
      );
    }
    return runner.runChild(request, { depth, parentSignal }, approval);
  };
  return {
    depth: frame.depth,
    executeChild: (child) => runChild(child, undefined),
    executeApprovedChild: (child, approval) => runChild(child, approval),
  };
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

  public constructor(
    public readonly request: ToolRequest,
    public readonly input: unknown,
    public readonly permissions: PermissionChecker,
    public readonly resources: ToolResources,
    private readonly frame: ExecutionFrame,
    private readonly runner: ScopeRunner,
    public readonly cancellable: boolean,
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
    this.#scope ??= createExecutionScope(this.request, this.frame, () => this.signal, this.runner);
    return this.#scope;
  }

  public abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#abortReason = reason;
    this.#controller?.abort(reason);
  }
}
