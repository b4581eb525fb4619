/** One block of what the model reads: text, or an image (base64). */
export type ModelBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly mimeType: string; readonly data: string };

/** What the model reads for one tool call, before it is wrapped in a provider's message. */
export interface ModelContent {
  /** Whether the result reports a failure (a failed outcome, or a tool's `isError` result). */
  readonly isError: boolean;
  /** The text (with paging and truncation notices written in) and the images, in order. */
  readonly blocks: readonly ModelBlock[];
}
