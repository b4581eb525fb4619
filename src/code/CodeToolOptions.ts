import type { ToolSpec } from '../index.js';

/**
 * Options of {@link codeTools}. Every limit has a default (see `CODE_RUN_DEFAULTS`) and is
 * checked when the module is created.
 */
export interface CodeToolOptions {
  /**
   * The tools a script may call: `'all'` (the default: every tool of the executor but
   * `code_run` itself), a list of tool names (each must exist when the executor starts), or a
   * predicate on the tools' specs, e.g. `(spec) => spec.annotations.readOnlyHint === true`.
   * Whatever the choice, each call is still checked by the executor's permission checker.
   */
  readonly tools?: 'all' | readonly string[] | ((spec: ToolSpec) => boolean);
  /** The most memory a script's isolate may use, in bytes. Default 64 MiB; 24 MiB to 1 GiB. */
  readonly memoryBytes?: number;
  /** The isolate's stack limit, in bytes (deeper recursion throws inside the script). Default 256 KiB; 64 KiB to 384 KiB. */
  readonly stackBytes?: number;
  /** Wall time of one `code_run` call, tool calls included, in ms. Default 60 s; at most 10 minutes. */
  readonly timeoutMs?: number;
  /** The most tool calls one script may make. Default 100; at most 10,000. */
  readonly maxToolCalls?: number;
  /** The longest result a script may return, in characters of JSON text. Default 256 KiB. */
  readonly maxResultChars?: number;
  /** How much `console` output is kept, in characters (the rest is cut, and said to be). Default 16 KiB. */
  readonly maxConsoleChars?: number;
  /** The longest script accepted, in characters. Default 100,000. */
  readonly maxCodeChars?: number;
  /**
   * How many characters of TypeScript declarations `code_run`'s description may carry; past
   * it, tools are listed by name and a script reads one's declaration with `describe(name)`.
   * Default 12,000.
   */
  readonly declarationChars?: number;
  /** How long a paused script's record of finished calls is kept for its resume, in ms. Default 24 hours. */
  readonly resumeTtlMs?: number;
}
