import type { ChildToolRequest, ToolExecutionOutcome } from '../../index.js';
import type { CodeLog } from './CodeLog.js';

/** What one run of a script is given. */
export interface ScriptRunOptions {
  /** The script: the body of an async function. */
  readonly code: string;
  /** The call's session (its isolate's instance is reused only within it). */
  readonly session: string;
  /** The `code_run` call's id: child `i` is `<callId>/<i + 1>`. */
  readonly callId: string;
  /** The tools the script may call, by the names the model sees. */
  readonly toolNames: readonly string[];
  /** Runs one child call through the executor (the call's `ctx.scope`). */
  readonly runChild: (child: ChildToolRequest) => Promise<ToolExecutionOutcome>;
  /** Aborted when the `code_run` call is cancelled or its time is up. */
  readonly signal: AbortSignal;
  /** `performance.now()` past which the script is stopped. */
  readonly deadline: number;
  readonly memoryBytes: number;
  readonly stackBytes: number;
  readonly maxToolCalls: number;
  /** The log of the run this one resumes, when it does. */
  readonly replay?: CodeLog;
  /** A fresh run's clock and seed (a replay takes its log's). */
  readonly now: number;
  readonly seed: number;
  /** A script's `console` line. */
  readonly onConsole: (level: string, text: string) => void;
  /** Console characters passed from the script's thread; the lines past them are only counted. */
  readonly maxConsoleChars: number;
  /** `count` console lines were dropped past `maxConsoleChars`. */
  readonly onConsoleDropped: (count: number) => void;
  /** `describe(name)`: each callable tool's declaration by name. */
  readonly declarations: Readonly<Record<string, string>>;
  /** What `describe(name)` says for any other name, after `No callable tool is named <name>.` */
  readonly missingDeclaration: string;
}
