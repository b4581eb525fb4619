/** Options of `Workspace.resolve`. */
export interface ResolvePathOptions {
  /** `write` refuses paths in `read_only` roots. Defaults to `read`. */
  readonly access?: 'read' | 'write';
  /**
   * Directory that relative inputs resolve against (e.g. a shell's cwd). It must itself be
   * inside a root; a relative base resolves against the first root. Defaults to the first root.
   * A base that is not a usable path string is refused like an input (`details.path` is the
   * base); a base outside every root is refused as `outside_roots` with `details.base`.
   */
  readonly base?: string;
}
