import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import type { ChildToolRequest } from '../contract/ChildToolRequest.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolExecutionScope } from '../contract/ToolExecutionScope.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/**
 * The executor's entry point a scope calls back into: the child call, observed, through the
 * executor's steps (a resumed run's when `approval` is given; `checkNesting` refuses one too deep).
 */
export interface ScopeRunner {
  runChild(request: ToolRequest, frame: ExecutionFrame, approval: ApprovalRequest | undefined): Promise<ToolExecutionOutcome>;
}

/**
 * The scope handed to one call: children take the full executor path, in the parent's
 * session and turn, cancelled with the parent, one level deeper.
 */
export function createExecutionScope(parent: ToolRequest, frame: ExecutionFrame, signal: () => AbortSignal, runner: ScopeRunner): ToolExecutionScope {
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
      return runner.runChild(request, { depth, parentSignal, ...(frame.run === undefined ? {} : { run: frame.run }) }, undefined);
    }
    return runner.runChild(request, { depth, parentSignal }, approval);
  };
  return {
    depth: frame.depth,
    executeChild: (child) => runChild(child, undefined),
    executeApprovedChild: (child, approval) => runChild(child, approval),
  };
}
