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
  /** Always `tool.invoke`. */
  public readonly kind = 'tool.invoke';
  /** The tool's annotations, when it has any. */
  public override readonly metadata?: MetadataMap;
  readonly #subjects: PolicySubjects;

  /**
   * @param target - the tool name.
   * @param annotations - the tool's annotations (its hints).
   */
  public constructor(
    /** The tool name. */
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

  /** `invoke tool <name>`. */
  public summary(): string {
    return `invoke tool ${this.target}`;
  }

  /** The tool, and its hints when it says `destructiveHint` or `needsApprovalHint`. */
  public override policySubjects(): PolicySubjects {
    return this.#subjects;
  }
}
