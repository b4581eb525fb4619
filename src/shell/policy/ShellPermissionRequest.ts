import { BasePermissionRequest, type JsonObject, type PolicySubjects } from '../../index.js';
import { quoteForDisplay } from '../../internal/index.js';
import type { ShellRisk } from '../parsing/SHELL_RISKS.js';

/** What a `shell.exec` request describes. */
export interface ShellPermissionFacts {
  /** The command line, or the argv words quoted for a shell. */
  readonly command: string;
  /** How it runs: `command` through the fixed shell, or `argv` directly. */
  readonly form: 'command' | 'argv';
  /** The words of every simple command of the line. */
  readonly subcommands: readonly (readonly string[])[];
  /** What makes the line risky (substitution, redirection, wrappers, ...). */
  readonly risks: readonly ShellRisk[];
  /** Canonical working directory. */
  readonly cwd: string;
  /** Names of the variables the call sets (sorted). */
  readonly envKeys: readonly string[];
  /** Canonical targets of its output redirections. */
  readonly redirections: readonly string[];
  /** Whether the command runs in the OS sandbox (bubblewrap): writes outside the read-write roots fail. */
  readonly sandboxed?: boolean;
  /**
   * With `network: { allow }`: the allowed host patterns, and whether they hold for this call
   * (`enforced`: it runs in the sandbox; unconfined, it reaches every host).
   */
  readonly network?: { readonly allow: readonly string[]; readonly enforced: boolean };
}

/**
 * Running one command. `target` is the command text. Its `policySubjects()` give the command
 * (the words of every simple command it contains, which policy rules must cover each, and
 * whether it runs sandboxed) and its risk flags (any makes an allow at most an ask): what the
 * core's checkers judge. `metadata` repeats them for people, plus `cwd`, `envKeys`,
 * `redirections` and, with a host list, `network` (`{ allow, enforced }`).
 */
export class ShellPermissionRequest extends BasePermissionRequest {
  /** Always `shell.exec`. */
  public readonly kind = 'shell.exec';
  /** The full command text (never cut). */
  public override readonly target: string;
  /** For people: the subcommands, the risks and `sandboxed`, plus `cwd`, `envKeys` and `redirections`. */
  public override readonly metadata: JsonObject;
  readonly #subjects: PolicySubjects;

  /** @param facts - what the command line was found to do. */
  public constructor(
    /** What the command line was found to do. */
    public readonly facts: ShellPermissionFacts,
  ) {
    super();
    this.target = facts.command;
    this.metadata = {
      form: facts.form,
      subcommands: facts.subcommands.map((words) => [...words]),
      risks: [...facts.risks],
      cwd: facts.cwd,
      envKeys: [...facts.envKeys],
      redirections: [...facts.redirections],
      sandboxed: facts.sandboxed ?? false,
      ...(facts.network === undefined
        ? {}
        : { network: { allow: [...facts.network.allow], enforced: facts.network.enforced } }),
    };
    // Without subcommands (an empty command line), the whole text is the one command.
    const subcommands =
      facts.subcommands.length > 0 ? facts.subcommands : [facts.command.split(/\s+/u).filter((word) => word !== '')];
    this.#subjects = Object.freeze({
      command: Object.freeze({
        subcommands: Object.freeze(subcommands.map((words) => Object.freeze([...words]))),
        sandboxed: facts.sandboxed ?? false,
      }),
      risks: Object.freeze([...facts.risks]),
    });
  }

  /** The command's subcommands, its risks and whether it is sandboxed. */
  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }

  /** One line for the person deciding: the command and where it runs. */
  public summary(): string {
    const { command, cwd, risks } = this.facts;
    const flagged = risks.length === 0 ? '' : ` (${risks.join(', ')})`;
    // A long command is shortened, saying how much was left out; `target` holds all of it.
    return `run ${quoteForDisplay(command)} in ${quoteForDisplay(cwd, Number.POSITIVE_INFINITY, 'line')}${flagged}`;
  }
}
