import { BasePermissionRequest, quoteForDisplay, type JsonObject, type PolicySubjects } from '../index.js';

/**
 * A file a shell command's program writes by its own options or operands (`git diff
 * --output=F`, `sort -o F`, `tee F`, `cp a F`, `rm F`): an `fs.write` request on the canonical
 * target, checked like any write against the roots and policy, so an allow rule for the
 * command prefix does not let it write outside them. Its subject is that one path, `write`
 * access, flagged protected where it is.
 */
export class ShellProgramWritePermissionRequest extends BasePermissionRequest {
  public readonly kind = 'fs.write';
  public override readonly metadata: JsonObject;
  readonly #subjects: PolicySubjects;

  public constructor(
    public override readonly target: string,
    public readonly program: string,
    public readonly via: string,
    isProtected: boolean,
  ) {
    super();
    this.metadata = { source: 'shell_program', program, via, ...(isProtected ? { protected: true } : {}) };
    this.#subjects = Object.freeze({ paths: Object.freeze([Object.freeze({ path: target, access: 'write', ...(isProtected ? { protected: true } : {}) })]) });
  }

  public summary(): string {
    return quoteForDisplay(`write ${this.target} (${this.program}${this.via === 'operand' ? '' : ` ${this.via}`})`, Number.POSITIVE_INFINITY, 'line');
  }

  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
