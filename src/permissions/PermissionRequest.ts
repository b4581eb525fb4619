import type { JsonObject, MetadataMap } from '../values/JsonValue.js';
import type { PolicySubjects } from './PolicySubjects.js';

/** The serialized form of a permission request, as stored in an `ApprovalRequest`. */
export interface PermissionRequestJson extends JsonObject {
  /** The request's `kind`. */
  readonly kind: string;
  /** What `summary()` said. */
  readonly summary: string;
}

/**
 * One side effect a tool is about to cause, described before it happens so that a
 * `PermissionChecker` can allow, deny or ask about it.
 *
 * `kind` is a dotted family name (`fs.write`, `shell.exec`, `mcp.invoke_tool`, or a custom
 * tool's own); policy rules are selected by it. `target` is what a person reads first (the
 * canonical path, the command text, `server/tool`), and what policy patterns match when the
 * request names no paths and no command. `metadata` is for people and host checkers: the
 * built-in checkers never read it.
 *
 * `policySubjects()` is what the built-in checkers judge: the paths the request touches (with
 * their access, protected and hard-link flags), the command it runs, its MCP server, its risk
 * flags and approval hints (see {@link PolicySubjects}). Without it, a request is a custom side
 * effect: the default checker asks, and policy patterns match its target.
 */
export interface PermissionRequest {
  /** The family of side effect (`fs.write`, `shell.exec`, ...): selects the policy rules. */
  readonly kind: string;
  /** What a person reads first and what rules match without paths or a command; always whole, never cut. */
  readonly target?: string;
  /** Details for people and host checkers; the built-in checkers never read it. */
  readonly metadata?: MetadataMap;
  /** One human-readable line: what is about to happen. */
  summary(): string;
  /** The plain-JSON form stored in an `ApprovalRequest` (`kind`, `summary`, `target`, `metadata`). */
  toJSON(): PermissionRequestJson;
  /**
   * What the request touches, for the checkers. Called once per check; the answer should be
   * derived from the same facts as `target` and `metadata`, which an approval is bound to.
   */
  policySubjects?(): PolicySubjects;
}

const NO_SUBJECTS: PolicySubjects = Object.freeze({});

/**
 * A convenient base for permission request classes: subclasses set `kind`, `target` and
 * `metadata`, get `summary()` and `toJSON()`, and describe what they touch by overriding
 * `policySubjects()` (the base describes nothing: a custom side effect).
 *
 * @example
 * ```ts
 * import { BasePermissionRequest } from 'agentkit-tools-core';
 *
 * // One email about to be sent: a policy rule `{ effect: 'ask', kind: 'email.send' }` asks a person first.
 * class SendEmailRequest extends BasePermissionRequest {
 *   readonly kind = 'email.send';
 *   constructor(override readonly target: string) {
 *     super();
 *   }
 *   summary(): string {
 *     return `send an email to ${this.target}`;
 *   }
 * }
 * ```
 */
export abstract class BasePermissionRequest implements PermissionRequest {
  /** {@inheritDoc PermissionRequest.kind} */
  public abstract readonly kind: string;
  /** {@inheritDoc PermissionRequest.target} */
  public readonly target?: string;
  /** {@inheritDoc PermissionRequest.metadata} */
  public readonly metadata?: MetadataMap;

  /** {@inheritDoc PermissionRequest.summary} */
  public abstract summary(): string;

  /** Nothing typed: a custom side effect. Override to describe paths, a command, ... */
  public policySubjects(): PolicySubjects {
    return NO_SUBJECTS;
  }

  /** The plain-JSON form stored in an `ApprovalRequest` (`kind`, `summary`, `target`, `metadata`). */
  public toJSON(): PermissionRequestJson {
    return {
      kind: this.kind,
      summary: this.summary(),
      ...(this.target === undefined ? {} : { target: this.target }),
      ...(this.metadata === undefined ? {} : { metadata: this.metadata }),
    };
  }
}
