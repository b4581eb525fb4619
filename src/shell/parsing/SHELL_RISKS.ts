/**
 * The risk flags a `shell.exec` request can carry in its policy subjects' `risks` (repeated in
 * `metadata.risks` for people). Any of them makes a
 * policy allow at most an ask. Two more families are built from a program name:
 * `wrapper:<name>` (bash -c, env, xargs, sudo, nohup, timeout, ...) and `interpreter:<name>`
 * (python -c, node -e, perl -e, awk, ...).
 */
export const SHELL_RISKS = Object.freeze({
  /** `$(...)` or backticks: a command whose output becomes part of another. */
  commandSubstitution: 'command_substitution',
  /** `<(...)` or `>(...)`. */
  processSubstitution: 'process_substitution',
  /** `${x@P}` and the other `@` transformations (prompt expansion runs substitutions). */
  parameterTransformation: 'parameter_transformation',
  /** `${!x}`: the value names another parameter, which can run code through a subscript. */
  indirectExpansion: 'indirect_expansion',
  /** Arithmetic over parameters (`$((x))`, `[[ $x -eq 1 ]]`, `a[$i]`, `let`, a subscripted name given to `printf -v`, `read`, `test -v`, ...): a value like `a[$(cmd)]` runs cmd. */
  arithmetic: 'arithmetic',
  /** Output redirected to a file (each target is also an `fs.write` request). */
  redirection: 'redirection',
  /** `cmd &`. */
  background: 'background',
  /** `eval` or `trap`: a string run as shell code. */
  eval: 'eval',
  /** `source` or `.`: a file run as shell code. */
  source: 'source',
  findExec: 'find_exec',
  findWrite: 'find_write',
  /** `git -c ...`, `--config-env`, `--exec-path`: configuration that can name programs to run. */
  gitConfigOverride: 'git_config_override',
  /** `--upload-pack`, `--receive-pack`, `--exec`: git runs the named program. */
  gitProgramOption: 'git_program_option',
  /** The command name itself comes from an expansion (`$cmd args`). */
  dynamicCommand: 'dynamic_command',
  /** The model set environment variables (`PAGER`, `npm_config_*`, ... change what programs run). */
  envOverride: 'env_override',
  /** The command line could not be parsed completely. */
  parseError: 'parse_error',
  /**
   * A construct where the parser and bash could disagree about what runs: a heredoc with an
   * unusual delimiter, a body with escapes or expansions, syntax outside what the analysis
   * fully understands (`$"..."`, extglob, `[[ =~ ]]` regexes, ...), control characters or
   * Unicode blanks. The listed subcommands may not be all that runs.
   */
  ambiguousSyntax: 'ambiguous_syntax',
  /**
   * A program writes files its words do not name statically (`wget URL`, `tar -x`, `patch`,
   * `sort -o "$f"`, `git -C dir diff --output=x`): they cannot be checked against the roots.
   * Named targets become `fs.write` requests instead. Without the sandbox also a named target the
   * same line writes through (`ln -s ~/.ssh d && cp key d/authorized_keys`) or whose directory is missing.
   */
  unknownWrite: 'unknown_write',
  /**
   * Without the sandbox only: a program reads files its words do not name statically (`cat
   * "$f"`, `cat *.md`, `grep -R`, `cp -L`, `tar -T list`), or a named one the same line may
   * reshape first (it is missing when checked, the line writes it or a directory above it, or
   * runs programs whose writes are not known), or a relative one after `cd`. Named targets
   * become `fs.read` requests instead (outside the roots: denied).
   */
  unknownRead: 'unknown_read',
  /** `alias`, `shopt`, `enable`, `hash`, `set -k`, `set -o posix`: builtins that change what later words mean or run. */
  shellState: 'shell_state',
  /**
   * A `git` subcommand runs in a repository whose own configuration names programs git starts
   * by itself (filter, diff and merge drivers, ...: see `findRepositoryPrograms`), or whose
   * configuration could not be read. Those cannot be forced off through the environment.
   */
  repositoryPrograms: 'repository_programs',
  /** Shell code nested deeper than the parser follows (`bash -c "bash -c '...'"`). */
  nestingTooDeep: 'nesting_too_deep',
});

/** A risk flag of a command line: one of {@link SHELL_RISKS}, or a wrapper or interpreter that runs other code. */
export type ShellRisk = (typeof SHELL_RISKS)[keyof typeof SHELL_RISKS] | `wrapper:${string}` | `interpreter:${string}`;
