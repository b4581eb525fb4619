import { BasePermissionRequest } from './PermissionRequest.js';

/**
 * The implicit request raised for a tool annotated `needsApprovalHint` whose preflight
 * described nothing (or that has no preflight): kind `tool.invoke`, target the tool name.
 */
export class ToolInvokePermissionRequest extends BasePermissionRequest {
  public readonly kind = 'tool.invoke';

  public constructor(public override readonly target: string) {
    super();
  }

  public summary(): string {
    return `invoke tool ${this.target}`;
  }
}
