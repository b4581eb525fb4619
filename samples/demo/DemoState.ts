import type { PendingCall } from '../../src/index.js';
import type { ChatMessage } from '../08-agent-loop/ChatMessage.js';

/** One tool call of the run, for the summary table. */
export interface CallRecord {
  readonly callId: string;
  readonly toolName: string;
  /** `completed`, `error` (the tool ran and reported an error), `refused` (never ran), `rejected` (the user said no). */
  outcome: 'completed' | 'error' | 'refused' | 'rejected' | 'waiting';
  /** `-` when the call needed no approval. */
  approval: '-' | 'asked' | 'approved' | 'rejected';
  /** How many approvals the call asked for: one at most, but a `code_run` script asks once per child call that needs one. */
  pauses: number;
  ms: number;
}

/** Everything a new process needs to continue the run: plain JSON, in the `--state` file. */
export interface DemoState {
  readonly status: 'paused' | 'done';
  /** The project copy the tools work on. */
  readonly workspace: string;
  /** Whether the demo made `workspace` (a temp copy: removed when the run is done). */
  readonly ownsWorkspace: boolean;
  /** Code mode (`--code`): the executor has `code_run`, and the model does its first five steps as one script. */
  readonly codeMode: boolean;
  readonly messages: readonly ChatMessage[];
  readonly pending: readonly PendingCall[];
  readonly records: readonly CallRecord[];
  /** Milliseconds spent by the processes of this run so far, waiting for the user excluded. */
  readonly elapsedMs: number;
}
