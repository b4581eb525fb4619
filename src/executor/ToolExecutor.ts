import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { ElicitationResult } from '../interrupt/Elicitation.js';
import type { InputRequest } from '../interrupt/InputRequest.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ToolInterruption } from '../interrupt/ToolInterruption.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/** The one boundary a loop calls to run tool calls. Implementations never throw. */
export interface ToolExecutor {
  /** The specs of every registered tool, sorted by name. */
  specs(): readonly ToolSpec[];
  /**
   * Runs one call through every check (look up, validate, preflight, permissions) and, when
   * all pass, the tool body. Resolves to the outcome: `completed`, `interrupted` (waiting for
   * an approval or a credential) or `failed` (a categorized `ToolError`); it never rejects.
   *
   * @example
   * ```ts
   * import 'reflect-metadata';
   * import { Container } from 'inversify';
   * import { agentkitModule, Tool, TOOL_EXECUTOR } from 'agentkit-tools-core';
   *
   * @Tool({ name: 'clock_now', description: 'The current time, ISO 8601.', annotations: { readOnlyHint: true } })
   * class ClockTool {
   *   invoke(): string {
   *     return new Date().toISOString();
   *   }
   * }
   *
   * const container = new Container();
   * await container.load(agentkitModule());
   * container.bind(ClockTool).toSelf();
   * const executor = await container.getAsync(TOOL_EXECUTOR);
   * const request = { callId: 'c1', toolName: 'clock_now', input: {}, sessionId: 's1', turnId: 't1', metadata: {} };
   * const outcome = await executor.execute(request);
   * if (outcome.status === 'completed') console.log(outcome.result.result.output);
   * else if (outcome.status === 'failed') console.log(outcome.error.code, outcome.error.message);
   * ```
   */
  execute(request: ToolRequest, options?: ExecuteOptions): Promise<ToolExecutionOutcome>;
  /** Resumes the exact call `approval` was issued for, once. */
  executeApproved(
    request: ToolRequest,
    approval: ApprovalRequest,
    options?: ExecuteOptions,
  ): Promise<ToolExecutionOutcome>;
  /**
   * Resumes the exact call `input` was issued for (an `input_required` interruption) with the
   * person's `answer`, once: the answer's content is checked against the question's schema, and
   * the call runs again from its start (every check included), the same question now answered
   * with `answer` (and earlier questions of the run with theirs). A tool must therefore ask
   * before its side effects: whatever it did before asking, it does again.
   *
   * @example
   * ```ts
   * import type { ElicitationResult, InputRequest, ToolExecutionOutcome, ToolExecutor, ToolRequest } from 'agentkit-tools-core';
   *
   * async function runAsking(
   *   executor: ToolExecutor,
   *   request: ToolRequest,
   *   ask: (input: InputRequest) => Promise<ElicitationResult>,
   * ): Promise<ToolExecutionOutcome> {
   *   let outcome = await executor.execute(request);
   *   while (outcome.status === 'interrupted' && outcome.interruption.type === 'input_required') {
   *     const { input } = outcome.interruption; // plain JSON: store it, show it, restart, ...
   *     outcome = await executor.executeWithInput(request, input, await ask(input));
   *   }
   *   return outcome;
   * }
   * ```
   */
  executeWithInput(
    request: ToolRequest,
    input: InputRequest,
    answer: ElicitationResult,
    options?: ExecuteOptions,
  ): Promise<ToolExecutionOutcome>;
  /**
   * Refuses a pending call: consumes its approval (so it can never run) and returns the outcome
   * to send to the model, `failed`, `permission_denied`, `invoked: false`, with
   * `details.reason: 'rejected_by_user'` (the user's `reason`, if given, is passed on) and
   * `details.approvalStatus` saying what became of the approval.
   */
  reject(pending: PendingCall, reason?: string): Promise<ToolExecutionOutcome>;
  /**
   * Releases what the executor holds (MCP connections and server processes, subscriptions),
   * so the host process can exit. Idempotent; unbinding the container calls it.
   */
  close(): Promise<void>;
  /** The same as {@link close}, for `await using executor = ...`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A call waiting for the host: the request as the model made it and the interruption it ended
 * with. Plain JSON: persist it anywhere (a file, a database row, a job queue) and, in this
 * process or another, resume it with `executor.executeApproved(pending.request, approval)` or
 * refuse it with `executor.reject(pending, reason?)`. Resuming in another process needs an
 * approval store both processes share (for example `FileApprovalStore` from
 * `agentkit-tools-core/stores`).
 */
export interface PendingCall {
  /** The exact request that was interrupted: resume it with this request, unchanged. */
  readonly request: ToolRequest;
  /** Why it stopped: the approval or authorization it waits for. */
  readonly interruption: ToolInterruption;
}
