/**
 * One path a request touches. There is deliberately no "inside the roots" field: the checker
 * decides that from `path` and its `PathContainment`, never from the request.
 */
export interface PathSubject {
  /** The canonical (absolute, symlink-free) path. */
  readonly path: string;
  /** `read` covers reading and listing; `write` every change (write, edit, delete, move, mkdir). */
  readonly access: 'read' | 'write';
  /** A protected path (`.git`, `.env*`, ...): asked for unless an allow rule names it exactly. */
  readonly protected?: boolean;
  /**
   * A file with more than one hard link, so maybe a window onto a file outside the roots:
   * asked for unless an allow rule names it exactly.
   */
  readonly hardLinked?: boolean;
}

/** A command that runs a program (a shell command line, an argv). */
export interface CommandSubject {
  /** The words of every simple command; policy command prefixes must cover each. */
  readonly subcommands: readonly (readonly string[])[];
  /** Whether it runs in the OS sandbox. The built-in checkers ask either way; a host checker may read it. */
  readonly sandboxed?: boolean;
}

/** A call that talks to an MCP server outside this process. */
export interface McpSubject {
  readonly server: string;
  /** The tool, resource or prompt, when there is one. */
  readonly name?: string;
}

/** Calling a tool that describes no other side effect (`ToolInvokePermissionRequest`). */
export interface ToolSubject {
  readonly name: string;
}

/** What a tool says about itself (its annotations): hints that make a checker ask. */
export interface ApprovalHints {
  readonly destructive?: boolean;
  readonly needsApproval?: boolean;
}

/**
 * What a permission request touches, in typed form: the only thing the built-in checkers judge
 * besides `kind` (which selects policy rules) and `target` (which rules match when the request
 * has no paths and no command). Every field is optional; a request with none of `paths`,
 * `command`, `mcp` and `tool` is a custom side effect, which the default checker asks about.
 *
 * - `paths`: every path touched. Present, the request is checked against the workspace roots:
 *   a path outside, or an empty list, is denied (`outside_roots`) by the default checker.
 * - `command`: a program the request runs; policy rules match its subcommands.
 * - `mcp`: a call to an MCP server.
 * - `tool`: the implicit request of a tool that describes no side effect.
 * - `risks`: risk flags (`substitution`, `redirection`, ...); any makes an allow at most an ask.
 * - `hints`: `destructive` or `needsApproval` make the default checker ask.
 */
export interface PolicySubjects {
  readonly paths?: readonly PathSubject[];
  readonly command?: CommandSubject;
  readonly mcp?: McpSubject;
  readonly tool?: ToolSubject;
  readonly risks?: readonly string[];
  readonly hints?: ApprovalHints;
}
