import type { JsonObject, MetadataMap } from '../values/JsonValue.js';

/** The serialized form of a permission request, as stored in an `ApprovalRequest`. */
export interface PermissionRequestJson extends JsonObject {
  readonly kind: string;
  readonly summary: string;
}

/**
 * One side effect a tool is about to cause, described before it happens so that a
 * `PermissionChecker` can allow, deny or ask about it.
 *
 * `kind` is a dotted family name (`fs.write`, `shell.exec`, `mcp.invoke_tool`, or a custom
 * tool's own). `target` is what policy rules match: the canonical path for `fs.*`, the command
 * text for `shell.exec`, `server/tool` for `mcp.*`.
 *
 * Well-known metadata keys read by the built-in checkers:
 * - `protected: true`: the target is a protected path (needs approval unless a rule names it).
 * - `hardLinked: true`: the file read has more than one hard link, so it may be a window onto
 *   a file outside the roots (needs approval unless a rule names it).
 * - `subcommands: string[] | string[][]`: every simple command of a shell command line.
 * - `risks: string[]`: risk flags (substitution, redirection, ...); any makes allow at most ask.
 * - `paths: string[]`: every canonical path the request touches (both ends of a move).
 */
export interface PermissionRequest {
  readonly kind: string;
  readonly target?: string;
  readonly metadata?: MetadataMap;
  /** One human-readable line: what is about to happen. */
  summary(): string;
  toJSON(): PermissionRequestJson;
}

/**
 * A convenient base for permission request classes: subclasses set `kind`, `target` and
 * `metadata`, and get `summary()` and `toJSON()`.
 */
export abstract class BasePermissionRequest implements PermissionRequest {
  public abstract readonly kind: string;
  public readonly target?: string;
  public readonly metadata?: MetadataMap;

  public abstract summary(): string;

  public toJSON(): PermissionRequestJson {
    return {
      kind: this.kind,
      summary: this.summary(),
      ...(this.target === undefined ? {} : { target: this.target }),
      ...(this.metadata === undefined ? {} : { metadata: this.metadata }),
    };
  }
}
