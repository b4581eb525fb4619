/** How `buildModelContent` writes what the model reads (the format-independent part of rendering a tool result). */
export interface ModelContentOptions {
  /** The budget of the text, kept as head + tail with a notice of what was cut. A whole number from 200; default 30,000. */
  readonly maxChars?: number;
  /** How many images are sent as images; later ones are described in a line of text. Default 8. */
  readonly maxImages?: number;
  /** `cat -n` style line numbers on `fs_read_file` text. Default `true`. */
  readonly lineNumbers?: boolean;
  /** The directory paths of list/glob/grep results are shown relative to. Default: their common directory. */
  readonly root?: string;
  /**
   * Interrupted outcomes are the host's to resolve, so by default they are not rendered
   * (`buildModelContent` gives `undefined`). `'placeholder'` renders a "waiting for approval" result.
   */
  readonly interruptions?: 'placeholder';
}

/**
 * The default budget of what the model reads for one tool result, in characters.
 * @internal
 */
export const DEFAULT_MAX_CHARS = 30_000;

/** The default number of images sent in one tool result (each costs the model about as much as a page of text). */
export const DEFAULT_MAX_IMAGES = 8;
