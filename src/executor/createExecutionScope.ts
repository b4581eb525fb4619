import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ExecutionFrame } from './ExecutionFrame.js';
import type { MaybePromise } from '../contract/maybeAsync.js';
import type { ChildToolRequest } from '../contract/ChildToolRequest.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import { failed } from './failure.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolExecutionScope } from '../contract/ToolExecutionScope.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/** The executor's entry points a scope calls back into. */
export interface ScopeRunner {
  readonly maxNestingDepth: number;
  observe(request: ToolRequest, body: () => MaybePromise<ToolExecutionOutcome>): Promise<ToolExecutionOutcome>;
  run(request: ToolRequest, options: ExecuteOptions, frame: ExecutionFrame): MaybePromise<ToolExecutionOutcome>;
  runApproved(request: ToolRequest, approval: ApprovalRequest, options: ExecuteOptions, frame: ExecutionFrame): MaybePromise<ToolExecutionOutcome>;
}

/**
 * The scope handed to one call: children take the full executor path, in the parent's
 * session and turn, cancelled with the parent, one level deeper.
 */
export function createExecutionScope(
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
    return runner.observe(request, () => {
      if (frame.depth + 1 > runner.maxNestingDepth) {
        return failed(
          'execution_failed',
          `Tool \`${request.toolName}\` was not run: nested tool calls may go ${runner.maxNestingDepth} levels deep, and this call would be deeper. Call it directly instead.`,
          { reason: 'max_nesting_depth', maxNestingDepth: runner.maxNestingDepth },
          false,
        );
      }
      const childFrame: ExecutionFrame = { depth: frame.depth + 1, parentSignal: signal(), ...(frame.run === undefined ? {} : { run: frame.run }) };
      if (approval === undefined || (approval.id === frame.run?.approval.id && !frame.run.consumed)) return runner.run(request, {}, childFrame);
      return runner.runApproved(request, approval, {}, { depth: childFrame.depth, parentSignal: childFrame.parentSignal as AbortSignal });
    });
  };
  return {
    depth: frame.depth,
    executeChild: (child) => runChild(child, undefined),
    executeApprovedChild: (child, approval) => runChild(child, approval),
  };
}
