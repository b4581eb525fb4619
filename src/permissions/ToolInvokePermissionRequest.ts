import type { ToolAnnotations } from '../spec/ToolAnnotations.js';
import type { MetadataMap } from '../values/JsonValue.js';
import { BasePermissionRequest } from './PermissionRequest.js';
import type { PolicySubjects } from './PolicySubjects.js';

/**
 * The implicit request the executor raises for a call whose tool describes no side effect (no
 * preflight, or one that proposed nothing), so that every call is checked: kind `tool.invoke`,
 * target the tool name, metadata the tool's annotations (absent when it has none). Its
 * subjects are the tool and the hints its annotations give (`destructiveHint`,
 * `needsApprovalHint`), which the default checker weighs.
 */
export class ToolInvokePermissionRequest extends BasePermissionRequest {
  public readonly kind = 'tool.invoke';
  public override readonly metadata?: MetadataMap;
  readonly #subjects: PolicySubjects;

  public constructor(
    public override readonly target: string,
    annotations: ToolAnnotations = {},
  ) {
    super();
    // No annotations, no metadata: the request's JSON stays as small as the call.
    if (Object.keys(annotations).length > 0) this.metadata = Object.freeze({ ...annotations });
    const destructive = annotations.destructiveHint === true;
    const needsApproval = annotations.needsApprovalHint === true;
    this.#subjects = Object.freeze({
      tool: Object.freeze({ name: target }),
      ...(destructive || needsApproval ? { hints: Object.freeze({ destructive, needsApproval }) } : {}),
    });
  }

  public summary(): string {
    return `invoke tool ${this.target}`;
  }

  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
