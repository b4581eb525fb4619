import type { JsonValue, ToolExecutionOutcome, ToolExecutor } from '../index.js';
import { createToolRequest } from './createToolRequest.js';

/** One scripted call and how the scripted "user" answers an approval it raises. */
export interface ScriptedCall {
  /** The tool to call. */
  readonly toolName: string;
  /** Its input; default `{}`. */
  readonly input?: JsonValue;
  /** `true`: approve and resume; `false` or absent: leave it interrupted. */
  readonly approve?: boolean;
}

/** What happened to one scripted call. */
export interface ScriptedCallRecord {
  /** The scripted call. */
  readonly call: ScriptedCall;
  /** The first outcome, before any approval. */
  readonly first: ToolExecutionOutcome;
  /** The final outcome (equal to `first` unless an approval was given). */
  readonly outcome: ToolExecutionOutcome;
}

/**
 * Runs calls one after another through `executor`, approving (after a JSON round trip, as a
 * host that stored the approval would) those the script says to approve.
 */
export async function runScriptedCalls(
  executor: ToolExecutor,
  calls: readonly ScriptedCall[],
  session = { sessionId: 'session-1', turnId: 'turn-1' },
): Promise<ScriptedCallRecord[]> {
  const records: ScriptedCallRecord[] = [];
  for (const call of calls) {
    const request = createToolRequest(call.toolName, call.input ?? {}, session);
    const first = await executor.execute(request);
    let outcome = first;
    if (first.status === 'interrupted' && first.interruption.type === 'approval_required' && call.approve === true) {
      const stored = JSON.parse(JSON.stringify(first.interruption.approval)) as typeof first.interruption.approval;
      outcome = await executor.executeApproved(request, stored);
    }
    records.push({ call, first, outcome });
  }
  return records;
}
