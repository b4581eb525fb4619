import type { JsonValue, MetadataMap } from './JsonValue.js';

/** A tool call as the model emitted it, normalized across providers. */
export interface ToolCallPart {
  readonly id: string;
  readonly name: string;
  readonly input: JsonValue;
  readonly metadata?: MetadataMap;
}
