import { BasePermissionRequest, type JsonObject, type PolicySubjects } from '../../index.js';

/** What is known about a file a shell command reads, besides its canonical path. */
export interface ShellReadFacts {
  /** The program (`cat`, `git diff`), or `shell` for an input redirection. */
  readonly program: string;
  /** How it was named: the option (`-f`, `-C`), `operand`, or the redirection operator (`<`). */
  readonly via: string;
  /** A protected path (`.git`, `.env*`, ...): the checkers ask unless a rule names it. */
  readonly isProtected: boolean;
  /** A regular file with more than one hard link (another name may be outside the roots). */
  readonly hardLinked: boolean;
}

/**
 * A file a shell command reads, outside the sandbox (`cat F`, `grep x F`, `cp F dir`, `git -C
 * dir`, `< F`): an `fs.read` request on the canonical target, judged like `fs_read_file`'s, so
 * an allow rule for the command prefix does not let it read what the fs tools may not. Its
 * subject is that one path, `read` access, flagged protected or hard-linked where it is (the
 * checkers then ask unless a rule names it). Targets outside the roots never get here: the
 * command is refused first.
 */
export class ShellProgramReadPermissionRequest extends BasePermissionRequest {
  /** Always `fs.read`: judged like any read of the file. */
  public readonly kind = 'fs.read';
  /** `source` (`shell_program` or `shell_redirection`), `program`, `via`, and `protected` / `hardLinked` where they hold. */
  public override readonly metadata: JsonObject;
  readonly #subjects: PolicySubjects;

  /**
   * @param target - the canonical path read (inside the roots)
   * @param facts - how the command names it, and its flags
   */
  public constructor(
    /** The canonical path read (inside the roots). */
    public override readonly target: string,
    /** How the command names it (program, option or operand), and whether it is protected or hard-linked. */
    public readonly facts: ShellReadFacts,
  ) {
    super();
    const flags = {
      ...(facts.isProtected ? { protected: true } : {}),
      ...(facts.hardLinked ? { hardLinked: true } : {}),
    };
    this.metadata = {
      source: facts.program === 'shell' ? 'shell_redirection' : 'shell_program',
      program: facts.program,
      via: facts.via,
      ...flags,
    };
    this.#subjects = Object.freeze({
      paths: Object.freeze([Object.freeze({ path: target, access: 'read', ...flags })]),
    });
  }

  /** `read <path> (<program> <via>)`, for people. */
  public summary(): string {
    const { program, via } = this.facts;
    return `read ${this.target} (${program === 'shell' ? `shell redirection ${via}` : via === 'operand' ? program : `${program} ${via}`})`;
  }

  /** The one path, `read` access, flagged protected or hard-linked where it is. */
  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
