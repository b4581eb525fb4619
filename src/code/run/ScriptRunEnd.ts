import type { ToolInterruption } from '../../index.js';
import type { ScriptEnd } from '../isolate/ScriptEnd.js';
import type { CodeLog } from './CodeLog.js';

/** Why a run was stopped by its host rather than ending by itself. */
export type ScriptStop = 'tool_call_limit' | 'replay_diverged' | 'stalled' | 'timeout' | 'cancelled';

/**
 * How one run of a script ended: the script ended by itself (see `ScriptEnd`), a call stopped
 * it for the host (its interruption, and the log a resume replays), or its host stopped it.
 */
export type ScriptRunEnd =
  | { readonly type: 'ended'; readonly end: ScriptEnd; readonly calls: number; readonly memoryBytes: number }
  | { readonly type: 'interrupted'; readonly interruption: ToolInterruption; readonly log: CodeLog }
  | { readonly type: 'stopped'; readonly stop: ScriptStop; readonly message: string };
