/** One argument a {@link Prompt} takes. */
export interface PromptArgumentOptions {
  /** Its name: the key of `get(args)`. */
  readonly name: string;
  /** What to give. */
  readonly description?: string;
  /** Whether `prompts/get` must give it (checked before `get` runs). Default false. */
  readonly required?: boolean;
}

/** Options of {@link Prompt}. */
export interface PromptOptions {
  /** Its name: what `prompts/get` takes. */
  readonly name: string;
  /** A title a client shows a person. */
  readonly title?: string;
  /** What the prompt is for. */
  readonly description?: string;
  /** The arguments it takes (strings, as MCP prompts' are). */
  readonly arguments?: readonly PromptArgumentOptions[];
}
