import type { ProgramRead } from './findReadTargets.js';
import type { ProgramWrite } from './findWriteTargets.js';
import type { ShellWord } from './ShellWord.js';
import type { ShellRisk } from './SHELL_RISKS.js';

/** An output redirection to a file: `>`, `>>`, `>|`, `&>`, `&>>`, `>&file`. */
export interface OutputRedirection {
  /** The redirection operator (`>`, `>>`, `&>`, ...). */
  readonly operator: string;
  /** The file it writes to, as written. */
  readonly target: ShellWord;
}

/** Where an output redirection's target word sits in the command text (UTF-16 offsets). */
export interface RedirectSite {
  readonly start: number;
  readonly end: number;
}

/** What a command line does, as policy needs to know it before it runs. */
export interface CommandLineAnalysis {
  /**
   * The words of every simple command: each side of `&&`, `||`, `;`, `|`, inside subshells,
   * groups, functions, loops and substitutions, commands run by wrappers (`timeout 5 rm x`
   * also lists `rm x`) and by nested shell code (`bash -c '...'`, `eval '...'`).
   */
  readonly subcommands: readonly (readonly string[])[];
  /** Sorted, without duplicates. */
  readonly risks: readonly ShellRisk[];
  /** Output redirections to files (`/dev/null` and the standard streams excluded). */
  readonly redirections: readonly OutputRedirection[];
  /**
   * Files its programs write by their own options and operands (`git diff --output=F`,
   * `sort -o F`, `tee F`, `cp a F`, ...; see `WRITE_TARGETS`), each named by a literal word.
   */
  readonly writes: readonly ProgramWrite[];
  /**
   * Files its programs read by their own options and operands (`cat F`, `grep -f P F`, `cp F d`,
   * `git -C dir`; see `READ_TARGETS`) and its input redirections (`< F`), each named by a literal word.
   */
  readonly reads: readonly ProgramRead[];
  /**
   * Whether it reads files no literal word names (`cat "$f"`, `cat *.md`, `grep -R`, `< "$f"`).
   * Without the sandbox `shell_exec` then carries `unknown_read`; inside it the view confines reads.
   */
  readonly readsUnknown: boolean;
  /** Whether it runs `cd`, `pushd` or `popd` (relative redirection targets move with it). */
  readonly changesDirectory: boolean;
  /** Where parsing failed (`parse_error` is then among the risks). */
  readonly parseError?: string;
}
