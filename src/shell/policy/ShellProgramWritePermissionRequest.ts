import { BasePermissionRequest, type JsonObject, type PolicySubjects } from '../../index.js';
import { quoteForDisplay } from '../../internal/index.js';

/**
 * A file a shell command's program writes by its own options or operands (`git diff
 * --output=F`, `sort -o F`, `tee F`, `cp a F`, `rm F`): an `fs.write` request on the canonical
 * target, checked like any write against the roots and policy, so an allow rule for the
 * command prefix does not let it write outside them. Its subject is that one path, `write`
 * access, flagged protected where it is.
 */
export class ShellProgramWritePermissionRequest extends BasePermissionRequest {
  /** Always `fs.write`: a file a program of the command writes. */
  public readonly kind = 'fs.write';
  /** For people: the program, the option that writes, and the path. */
  public override readonly metadata: JsonObject;
  readonly #subjects: PolicySubjects;

  public constructor(
    /** The canonical path written. */
    public override readonly target: string,
    /** The program that writes (`sort`, `tee`, `git`, ...). */
    public readonly program: string,
    /** How it writes (`-o`, `--output`, `of=`, an operand). */
    public readonly via: string,
    isProtected: boolean,
  ) {
    super();
    this.metadata = { source: 'shell_program', program, via, ...(isProtected ? { protected: true } : {}) };
    this.#subjects = Object.freeze({
      paths: Object.freeze([
        Object.freeze({ path: target, access: 'write', ...(isProtected ? { protected: true } : {}) }),
      ]),
    });
  }

  /** One line for the person deciding: the program and the file it writes. */
  public summary(): string {
    return quoteForDisplay(
      `write ${this.target} (${this.program}${this.via === 'operand' ? '' : ` ${this.via}`})`,
      Number.POSITIVE_INFINITY,
      'line',
    );
  }

  /** The path written, with write access. */
  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
