import type { ToolAnnotations } from '../spec/ToolAnnotations.js';
import type { MetadataMap } from '../values/JsonValue.js';
import { BasePermissionRequest } from './PermissionRequest.js';

/**
 * The implicit request the executor raises for a call whose tool describes no side effect (no
 * preflight, or one that proposed nothing), so that every call is checked: kind `tool.invoke`,
 * target the tool name, metadata the tool's annotations (`destructiveHint`,
 * `needsApprovalHint`, ...; absent when it has none), which the default checker reads.
 */
export class ToolInvokePermissionRequest extends BasePermissionRequest {
  public readonly kind = 'tool.invoke';
  public override readonly metadata?: MetadataMap;

  public constructor(
    public override readonly target: string,
    annotations: ToolAnnotations = {},
  ) {
    super();
    // No annotations, no metadata: the request's JSON stays as small as the call.
    if (Object.keys(annotations).length > 0) this.metadata = Object.freeze({ ...annotations });
  }

  public summary(): string {
    return `invoke tool ${this.target}`;
  }
}
