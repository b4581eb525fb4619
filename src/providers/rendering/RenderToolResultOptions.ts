import type { ModelContentOptions } from '../../index.js';

/** How `renderToolResult` writes what the model reads: the format-independent options of `buildModelContent`, plus the provider's ids. */
export interface RenderToolResultOptions extends ModelContentOptions {
  /** The provider's call id to echo. Default: the outcome's own (a `failed` outcome has none: pass it). */
  readonly callId?: string;
  /** The tool's own name (`fs_read_file`); Gemini needs it. Default: the interruption's, when there is one. */
  readonly toolName?: string;
}
