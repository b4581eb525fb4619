import type { JsonObject } from '../index.js';

/** What `shell_exec` completes with (structured output). */
export interface ShellExecResult {
  /** The exit code, or `null` when a signal ended the process. */
  readonly exitCode: number | null;
  /** The signal that ended the process, or `null`. */
  readonly signal: string | null;
  /** Its standard output (head and tail when over the limit). */
  readonly stdout: string;
  /** Its standard error (head and tail when over the limit). */
  readonly stderr: string;
  /** Whether the call's own timeout stopped it. */
  readonly timedOut: boolean;
  /** Whether output was cut (per-stream cap) or the process was killed for too much output. */
  readonly truncated: boolean;
  /**
   * With `network: { allow }`: the hosts (`host:port`) the sandbox's proxy refused during the
   * call (not allowed, or a name resolving to this machine); present only when there were some.
   */
  readonly refusedHosts?: readonly string[];
}

/** The JSON Schema of `shell_exec`'s structured result (see {@link ShellExecResult}). */
export const SHELL_EXEC_OUTPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    exitCode: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    signal: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    stdout: { type: 'string' },
    stderr: { type: 'string' },
    timedOut: { type: 'boolean' },
    truncated: { type: 'boolean' },
    refusedHosts: { type: 'array', items: { type: 'string' } },
  },
  required: ['exitCode', 'signal', 'stdout', 'stderr', 'timedOut', 'truncated'],
  additionalProperties: false,
};
