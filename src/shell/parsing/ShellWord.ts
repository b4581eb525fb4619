// Its own file, free of web-tree-sitter: the public types must not load that package's declarations,
// which need Emscripten's global types (a consumer compiling with skipLibCheck: false has none).
/** A shell word as policy sees it. */
export interface ShellWord {
  /** The word after quote removal when `literal`; otherwise its source text. */
  readonly text: string;
  /**
   * Whether bash turns the source into exactly `text`: no expansion, substitution, glob,
   * brace or tilde can change it at run time.
   */
  readonly literal: boolean;
}
