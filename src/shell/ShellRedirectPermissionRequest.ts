import { BasePermissionRequest, quoteForDisplay, type JsonObject, type PolicySubjects } from '../index.js';

/**
 * A file a shell command writes through an output redirection (`>`, `>>`, `&>`, ...): an
 * `fs.write` request on the canonical target, checked like any write against the roots and
 * policy. Its subject is that one path, `write` access, flagged protected where it is.
 */
export class ShellRedirectPermissionRequest extends BasePermissionRequest {
  public readonly kind = 'fs.write';
  public override readonly metadata: JsonObject;
  readonly #subjects: PolicySubjects;

  public constructor(
    public override readonly target: string,
    public readonly operator: string,
    isProtected: boolean,
  ) {
    super();
    this.metadata = { source: 'shell_redirection', operator, ...(isProtected ? { protected: true } : {}) };
    this.#subjects = Object.freeze({ paths: Object.freeze([Object.freeze({ path: target, access: 'write', ...(isProtected ? { protected: true } : {}) })]) });
  }

  public summary(): string {
    return quoteForDisplay(`write ${this.target} (shell redirection ${this.operator})`, Number.POSITIVE_INFINITY, 'line');
  }

  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
