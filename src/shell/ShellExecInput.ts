import type { JsonObject } from '../index.js';
import { SHELL_EXEC_DEFAULTS } from './config/SHELL_EXEC_DEFAULTS.js';

/** The input of `shell_exec`: exactly one of `command` and `argv`. */
export interface ShellExecInput {
  /** A command line for `bash -c` (exactly one of `command` and `argv`). */
  readonly command?: string;
  /** A program and its arguments, run without a shell (exactly one of `command` and `argv`). */
  readonly argv?: readonly string[];
  /** The working directory, inside a root; default the module's `cwd`. */
  readonly cwd?: string;
  /** Variables added to the allow-listed environment for this command. */
  readonly env?: Readonly<Record<string, string>>;
  /** This command's timeout in ms, at most the module's limit. */
  readonly timeoutMs?: number;
}

/**
 * The JSON Schema of {@link ShellExecInput}. "Exactly one of `command` and `argv`" is checked
 * by the tool before anything runs (`invalid_input`): a top-level `oneOf` is not accepted by
 * every model provider's function-calling schema subset.
 */
export const SHELL_EXEC_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    command: {
      type: 'string',
      minLength: 1,
      maxLength: 65_536,
      description:
        'A bash command line, run by `/bin/bash --noprofile --norc -c`. Give either `command` or `argv`, not both.',
    },
    argv: {
      type: 'array',
      items: { type: 'string', maxLength: 65_536 },
      minItems: 1,
      maxItems: 4_096,
      description: 'A program and its arguments, run directly without a shell (no expansion, no operators).',
    },
    cwd: {
      type: 'string',
      minLength: 1,
      maxLength: 4_096,
      description:
        'Working directory inside the workspace; relative paths resolve against the default working directory.',
    },
    env: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 32_768 },
      propertyNames: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 256 },
      maxProperties: 100,
      description:
        'Extra environment variables. Loader and startup variables (LD_*, NODE_OPTIONS, PATH, GIT_*, ...) are refused.',
    },
    timeoutMs: {
      type: 'integer',
      minimum: 1,
      maximum: SHELL_EXEC_DEFAULTS.maxTimeoutMs,
      description: `Milliseconds before the command is stopped (default ${SHELL_EXEC_DEFAULTS.timeoutMs}).`,
    },
  },
  additionalProperties: false,
};
