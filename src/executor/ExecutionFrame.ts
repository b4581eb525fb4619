import type { ApprovalRun } from './ApprovalRun.js';

/** Where a call sits: its nesting depth, the approval its run carries, its parent's signal. */
export interface ExecutionFrame {
  readonly depth: number;
  readonly run?: ApprovalRun;
  readonly parentSignal?: AbortSignal;
}
