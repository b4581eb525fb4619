import type { PendingCall } from '../../src/index.js';
import type { ChatMessage } from './ChatMessage.js';

/** Everything a new process needs to continue the run: plain JSON, kept in one file. */
export interface LoopState {
  readonly status: 'paused' | 'done';
  readonly turn: number;
  readonly messages: readonly ChatMessage[];
  /** The calls waiting for the host's decision (empty once `done`). */
  readonly pending: readonly PendingCall[];
}
