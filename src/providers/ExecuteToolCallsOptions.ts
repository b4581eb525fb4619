import type { ExecuteOptions } from '../index.js';

/** How `executeToolCalls` runs one turn's calls. `signal`, `timeoutMs`, `onEvent` and the handlers go to every call. */
export interface ExecuteToolCallsOptions extends ExecuteOptions {
  /** Calls running at once, a whole number from 1. Default 4. */
  readonly concurrency?: number;
}

/** How many calls of one turn `executeToolCalls` runs at once by default. */
export const DEFAULT_TOOL_CALL_CONCURRENCY = 4;
