import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolEvent } from '../contract/ToolEvent.js';
import type { ToolRequest } from '../contract/ToolRequest.js';

/**
 * Sees every call the executor runs, nested ones included: bind one under
 * `EXECUTOR_OBSERVER` for logs, metrics or tracing. Errors it throws are ignored.
 */
export interface ExecutorObserver {
  /** A call starts (before validation). */
  onStart?(request: ToolRequest): void;
  /** A call ended with `outcome` after `durationMs` milliseconds (checks and body together). */
  onEnd?(request: ToolRequest, outcome: ToolExecutionOutcome, durationMs: number): void;
  /**
   * A running call emitted `event` (`ctx.progress`, `ctx.log`, `ctx.output`); `request` is the
   * call that emitted it (a nested call's own). Heard in order, synchronously, never after the
   * call's outcome: return quickly. Read once, when the executor is made: an observer with this
   * method makes every call build its events.
   */
  onEvent?(request: ToolRequest, event: ToolEvent): void;
  /**
   * A tool source failed to load or reload (a required source's reload, an MCP server that
   * cannot be reached), or one of an optional source's tools was left out (a name collision,
   * a schema that does not compile). `sourceId` is the source's `id` (`mcp server github`),
   * or `registry reload` when a reload failed as a whole (a required source failed or two of
   * them clashed): the last good tool set keeps serving. Built-ins that start degraded say so
   * here too: `shell sandbox` when `shellTools({ sandbox: 'auto' })` finds no working bubblewrap
   * and its commands will run unconfined (heard once, when the executor creates the tool).
   */
  onSourceError?(sourceId: string, error: Error): void;
}
