import type { ToolExecutionOutcome, ToolExecutor, ToolRequest } from '../index.js';
import type { ExecutedToolCall } from './ExecutedToolCall.js';
import { DEFAULT_TOOL_CALL_CONCURRENCY, type ExecuteToolCallsOptions } from './ExecuteToolCallsOptions.js';
import type { ParsedToolCall } from './ParsedToolCall.js';
import type { PendingCall } from '../index.js';

/** One model turn, run: what to send back now, and the calls the host must resolve first. */
export interface ToolCallsTurn {
  /** Completed and failed calls, in the order the model made them. */
  readonly results: readonly ExecutedToolCall[];
  /** Interrupted calls (approval or authentication), in order: plain JSON, persist them as they are. */
  readonly pending: readonly PendingCall[];
}

function toParsed(call: ParsedToolCall | ToolRequest): ParsedToolCall {
  return 'request' in call ? call : { request: call };
}

/**
 * Runs one model turn's calls through `executor`, at most `concurrency` at once (default 4),
 * and sorts them out in the order the model made them: `results` (completed or failed: render
 * them with `renderToolResults`) and `pending` (`{ request, interruption }` for the host to
 * approve, reject or authenticate, then resume with `executeApproved`). A parsed call that
 * carries a `failure` (arguments that are not valid JSON) is not executed: its failure is the
 * result. Never throws for a call: the executor turns every fault into an outcome.
 */
export async function executeToolCalls(
  executor: ToolExecutor,
  calls: readonly (ParsedToolCall | ToolRequest)[],
  options: ExecuteToolCallsOptions = {},
): Promise<ToolCallsTurn> {
  const { concurrency = DEFAULT_TOOL_CALL_CONCURRENCY, ...executeOptions } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`executeToolCalls: concurrency must be a whole number from 1; got ${String(concurrency)}.`);
  const parsed = calls.map(toParsed);
  const outcomes = new Array<ToolExecutionOutcome>(parsed.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < parsed.length) {
      const index = next++;
      const { request, failure } = parsed[index] as ParsedToolCall;
      outcomes[index] = failure ?? (await executor.execute(request, executeOptions));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, parsed.length) }, worker));
  const results: ExecutedToolCall[] = [];
  const pending: PendingCall[] = [];
  parsed.forEach(({ request }, index) => {
    const outcome = outcomes[index] as ToolExecutionOutcome;
    if (outcome.status === 'interrupted') pending.push({ request, interruption: outcome.interruption });
    else results.push({ request, outcome });
  });
  return { results, pending };
}
