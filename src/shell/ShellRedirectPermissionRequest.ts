import { BasePermissionRequest, type JsonObject } from '../index.js';

/**
 * A file a shell command writes through an output redirection (`>`, `>>`, `&>`, ...): an
 * `fs.write` request on the canonical target, checked like any write against the roots and
 * policy. Protected paths carry `metadata.protected: true`.
 */
export class ShellRedirectPermissionRequest extends BasePermissionRequest {
  public readonly kind = 'fs.write';
  public override readonly metadata: JsonObject;

  public constructor(
    public override readonly target: string,
    public readonly operator: string,
    isProtected: boolean,
  ) {
    super();
    this.metadata = { source: 'shell_redirection', operator, ...(isProtected ? { protected: true } : {}) };
  }

  public summary(): string {
    return `write ${this.target} (shell redirection ${this.operator})`;
  }
}
