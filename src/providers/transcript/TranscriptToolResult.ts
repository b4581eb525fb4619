import type { ToolExecutionOutcome, ToolRequest } from '../../index.js';

/**
 * A call's outcome to put into a transcript: one of a turn's `results` (an `ExecutedToolCall`
 * fits), or a pending call once the host resolved it (`{ request: pending.request, outcome }`
 * with the outcome of `executeApproved`, `reject` or a new `execute`). An interrupted outcome
 * needs `interruptions: 'placeholder'` in the options (a "waiting" result); the real one
 * replaces it when it comes.
 */
export interface TranscriptToolResult {
  /** The request the call became: its `callId` and `toolName` name the call in the transcript. */
  readonly request: ToolRequest;
  /** What the call ended with. */
  readonly outcome: ToolExecutionOutcome;
}
