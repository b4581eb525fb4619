import type { JsonValue, MetadataMap } from '../values/JsonValue.js';

/** One tool call to execute: the normalized call plus where it comes from. */
export interface ToolRequest {
  readonly callId: string;
  readonly toolName: string;
  readonly input: JsonValue;
  readonly sessionId: string;
  readonly turnId: string;
  readonly metadata: MetadataMap;
}
