import { BasePermissionRequest, type JsonObject, type PolicySubjects } from '../../index.js';
import { quoteForDisplay } from '../../internal/index.js';

/**
 * A file a shell command writes through an output redirection (`>`, `>>`, `&>`, ...): an
 * `fs.write` request on the canonical target, checked like any write against the roots and
 * policy. Its subject is that one path, `write` access, flagged protected where it is.
 */
export class ShellRedirectPermissionRequest extends BasePermissionRequest {
  /** Always `fs.write`: a file a redirection of the command writes. */
  public readonly kind = 'fs.write';
  /** For people: the operator and the path. */
  public override readonly metadata: JsonObject;
  readonly #subjects: PolicySubjects;

  public constructor(
    /** The canonical path written. */
    public override readonly target: string,
    /** The redirection operator (`>`, `>>`, ...). */
    public readonly operator: string,
    isProtected: boolean,
  ) {
    super();
    this.metadata = { source: 'shell_redirection', operator, ...(isProtected ? { protected: true } : {}) };
    this.#subjects = Object.freeze({
      paths: Object.freeze([
        Object.freeze({ path: target, access: 'write', ...(isProtected ? { protected: true } : {}) }),
      ]),
    });
  }

  /** One line for the person deciding: the redirection and the file. */
  public summary(): string {
    return quoteForDisplay(
      `write ${this.target} (shell redirection ${this.operator})`,
      Number.POSITIVE_INFINITY,
      'line',
    );
  }

  /** The path written, with write access. */
  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
