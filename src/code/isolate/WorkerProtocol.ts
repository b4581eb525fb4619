import type { ScriptEnd } from './ScriptEnd.js';

/** What the host's side gives the worker for one script (see `IsolateOptions`; the deadline on the wall clock, `Date.now()`). */
export interface WorkerScript {
  readonly session: string;
  readonly memoryBytes: number;
  readonly stackBytes: number;
  /** `Date.now()` past which the worker's engine stops the script. */
  readonly deadlineEpochMs: number;
  readonly toolNames: readonly string[];
  readonly maxToolCalls: number;
  /** Console characters passed on; lines past them are only counted (a flood never crosses the thread). */
  readonly maxConsoleChars: number;
  readonly seed: number;
  readonly now: number;
  /** One tool's declaration by name, for `describe(name)`; for any other name, `missing` follows `No callable tool is named <name>.` */
  readonly declarations: Readonly<Record<string, string>>;
  readonly missing: string;
}

/** What the host's side tells the isolate worker, about its script `id` (a worker runs its session's scripts side by side). */
export type ToWorker =
  | { readonly type: 'start'; readonly id: number; readonly script: WorkerScript; readonly code: string }
  | { readonly type: 'settle'; readonly id: number; readonly index: number; readonly envelope: string }
  | { readonly type: 'stop'; readonly id: number }
  | { readonly type: 'release'; readonly id: number };

/**
 * What the isolate worker tells the host's side: each call and console line as the script makes
 * it, then, once the engine has nothing left to run, `drained` with the script's end if it has
 * ended; `released` when its runtime is freed (and the worker can take another script).
 */
export type FromWorker =
  | {
      readonly type: 'call';
      readonly id: number;
      readonly index: number;
      readonly name: string;
      readonly input: string;
    }
  | { readonly type: 'console'; readonly id: number; readonly level: string; readonly text: string }
  | {
      readonly type: 'drained';
      readonly id: number;
      readonly end: ScriptEnd | undefined;
      readonly calls: number;
      readonly memoryBytes: number;
      /** Console lines not passed on so far (past `maxConsoleChars`). */
      readonly consoleDropped: number;
    }
  | { readonly type: 'released'; readonly id: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
