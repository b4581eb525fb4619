import type { MetadataMap } from './JsonValue.js';
import type { ToolResultPart } from './ToolResultPart.js';

/** A completed call: the transcript part plus operational data. */
export interface ToolResult {
  /** What goes back to the model. */
  readonly result: ToolResultPart;
  /** How long the call took, in milliseconds: from its start (the checks before the body included) to its result. */
  readonly durationMs: number;
  /** Operational data for the host (never sent to the model by the built-in renderers). */
  readonly metadata: MetadataMap;
}
