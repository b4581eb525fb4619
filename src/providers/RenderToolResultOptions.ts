/** How `renderToolResult` / `buildModelContent` write what the model reads. */
export interface RenderToolResultOptions {
  /** The budget of the text, kept as head + tail with a notice of what was cut. A whole number from 200; default 30,000. */
  readonly maxChars?: number;
  /** `cat -n` style line numbers on `fs_read_file` text. Default `true`. */
  readonly lineNumbers?: boolean;
  /** The provider's call id to echo. Default: the outcome's own (a `failed` outcome has none: pass it). */
  readonly callId?: string;
  /** The tool's own name (`fs_read_file`); Gemini needs it. Default: the interruption's, when there is one. */
  readonly toolName?: string;
  /** The directory paths of list/glob/grep results are shown relative to. Default: their common directory. */
  readonly root?: string;
  /**
   * Interrupted outcomes are the host's to resolve, so by default they are not rendered
   * (`renderToolResult` throws). `'placeholder'` renders a "waiting for approval" result.
   */
  readonly interruptions?: 'placeholder';
}

export const DEFAULT_MAX_CHARS = 30_000;
