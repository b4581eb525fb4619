import type { MetadataMap } from '../values/JsonValue.js';
import type { ToolResultPart } from '../values/ToolResultPart.js';

/** A completed call: the transcript part plus operational data. */
export interface ToolResult {
  readonly result: ToolResultPart;
  readonly durationMs: number;
  readonly metadata: MetadataMap;
}
