import type { MetadataMap } from './JsonValue.js';
import type { ToolResultPart } from './ToolResultPart.js';

/** A completed call: the transcript part plus operational data. */
export interface ToolResult {
  readonly result: ToolResultPart;
  readonly durationMs: number;
  readonly metadata: MetadataMap;
}
