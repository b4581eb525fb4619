import { BasePermissionRequest, quoteForDisplay, type JsonObject, type PolicySubjects } from '../index.js';
import type { ShellRisk } from './SHELL_RISKS.js';

/** What a `shell.exec` request describes. */
export interface ShellPermissionFacts {
  /** The command line, or the argv words quoted for a shell. */
  readonly command: string;
  /** How it runs: `command` through the fixed shell, or `argv` directly. */
  readonly form: 'command' | 'argv';
  readonly subcommands: readonly (readonly string[])[];
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
  public readonly kind = 'shell.exec';
  public override readonly target: string;
  public override readonly metadata: JsonObject;
  readonly #subjects: PolicySubjects;

  public constructor(public readonly facts: ShellPermissionFacts) {
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
      ...(facts.network === undefined ? {} : { network: { allow: [...facts.network.allow], enforced: facts.network.enforced } }),
    };
    // Without subcommands (an empty command line), the whole text is the one command.
    const subcommands = facts.subcommands.length > 0 ? facts.subcommands : [facts.command.split(/\s+/u).filter((word) => word !== '')];
    this.#subjects = Object.freeze({
      command: Object.freeze({ subcommands: Object.freeze(subcommands.map((words) => Object.freeze([...words]))), sandboxed: facts.sandboxed ?? false }),
      risks: Object.freeze([...facts.risks]),
    });
  }

  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }

  public summary(): string {
    const { command, cwd, risks } = this.facts;
    const flagged = risks.length === 0 ? '' : ` (${risks.join(', ')})`;
    // A long command is shortened, saying how much was left out; `target` holds all of it.
    return `run ${quoteForDisplay(command)} in ${quoteForDisplay(cwd, Number.POSITIVE_INFINITY, 'line')}${flagged}`;
  }
}
