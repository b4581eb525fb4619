import { ToolError } from '../../index.js';

/** The variable every command gets so that its stray descendants can be found and killed. */
export const RUN_MARKER_NAME = 'AGENTKIT_SHELL_RUN';

/** Exact names that change how programs or shells start (loaders, startup files, options). */
const STARTUP_NAMES = new Set([
  'PATH',
  'NODE_OPTIONS',
  'NODE_PATH',
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'SHELLOPTS',
  'BASHOPTS',
  'PS4',
  'IFS',
  'CDPATH',
  'GLOBIGNORE',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONINSPECT',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  RUN_MARKER_NAME,
]);
/** Prefixes of such names: the dynamic loaders, git, exported bash functions, npm configuration. */
const STARTUP_PREFIXES = /^(LD_|DYLD_|GIT_|BASH_FUNC_|NPM_CONFIG_)/iu;

/** Whether a model may not set this variable: it changes how programs start. */
export function isStartupVariable(name: string): boolean {
  return STARTUP_NAMES.has(name) || STARTUP_PREFIXES.test(name);
}

/**
 * Refuses (`invalid_input`, nothing runs) model-supplied variables that change how programs
 * start: `LD_*`, `DYLD_*`, `NODE_OPTIONS`, `BASH_ENV`, `ENV`, `PROMPT_COMMAND`, `GIT_*`,
 * `PATH`, exported functions, interpreter startup variables, and values with NUL characters.
 */
export function assertModelEnvironment(env: Readonly<Record<string, string>>): void {
  const names = Object.keys(env);
  const refused = names.filter(isStartupVariable).sort();
  if (refused.length > 0) {
    throw new ToolError(
      'invalid_input',
      `The environment variables ${refused.map((name) => JSON.stringify(name)).join(', ')} change how programs start ` +
        '(loader, shell startup, interpreter or git settings) and cannot be set by a tool call. Remove them from `env`.',
      { reason: 'startup_variable', names: refused },
    );
  }
  const withNul = names.filter((name) => (env[name] as string).includes('\0')).sort();
  if (withNul.length > 0) {
    throw new ToolError(
      'invalid_input',
      `The values of ${withNul.map((name) => JSON.stringify(name)).join(', ')} contain NUL characters, which an environment cannot hold. Remove them.`,
      {
        reason: 'nul_character',
        names: withNul,
      },
    );
  }
}
