/**
 * What a permission request touches, in typed form: the only thing the built-in checkers judge
 * besides `kind` (which selects policy rules) and `target` (which rules match when the request
 * has no paths and no command). Every field is optional; a request with none of `paths`,
 * `command`, `mcp` and `tool` is a custom side effect, which the default checker asks about.
 * There is deliberately no "inside the roots" field: the checker decides that from each path
 * and its `PathContainment`, never from the request.
 */
export interface PolicySubjects {
  /**
   * Every path touched. Present, the request is checked against the workspace roots: a path
   * outside, or an empty list, is denied (`outside_roots`) by the default checker.
   * `path` is canonical (absolute, symlink-free); `access` is `read` for reading and listing,
   * `write` for every change; `protected` (`.git`, `.env*`, ...) and `hardLinked` (more than one
   * hard link, so maybe a window onto a file outside the roots) are asked about unless an allow
   * rule names the path exactly.
   */
  readonly paths?: readonly {
    readonly path: string;
    readonly access: 'read' | 'write';
    readonly protected?: boolean;
    readonly hardLinked?: boolean;
  }[];
  /**
   * A program the request runs: `subcommands` holds the words of every simple command (policy
   * command prefixes must cover each); `sandboxed` says whether it runs in the OS sandbox (the
   * built-in checkers ask either way; a host checker may read it).
   */
  readonly command?: { readonly subcommands: readonly (readonly string[])[]; readonly sandboxed?: boolean };
  /** A call to an MCP server outside this process: the server, and the tool, resource or prompt when there is one. */
  readonly mcp?: { readonly server: string; readonly name?: string };
  /** Calling a tool that describes no other side effect (`ToolInvokePermissionRequest`). */
  readonly tool?: { readonly name: string };
  /** Risk flags (`substitution`, `redirection`, ...); any makes an allow at most an ask. */
  readonly risks?: readonly string[];
  /** What a tool says about itself (its annotations): `destructive` or `needsApproval` make the default checker ask. */
  readonly hints?: { readonly destructive?: boolean; readonly needsApproval?: boolean };
}

/**
 * One path a request touches (see {@link PolicySubjects.paths}).
 * @internal
 */
export type PathSubject = NonNullable<PolicySubjects['paths']>[number];

/**
 * A command a request runs (see {@link PolicySubjects.command}).
 * @internal
 */
export type CommandSubject = NonNullable<PolicySubjects['command']>;

/**
 * An MCP call a request makes (see {@link PolicySubjects.mcp}).
 * @internal
 */
export type McpSubject = NonNullable<PolicySubjects['mcp']>;

/**
 * A tool's hints (see {@link PolicySubjects.hints}).
 * @internal
 */
export type ApprovalHints = NonNullable<PolicySubjects['hints']>;
