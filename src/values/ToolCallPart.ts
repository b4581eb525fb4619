import type { JsonValue, MetadataMap } from './JsonValue.js';

/** A tool call as the model emitted it, normalized across providers. */
export interface ToolCallPart {
  /** The provider's id of the call; the result goes back under it (`callId`). */
  readonly id: string;
  /** The tool the model called. */
  readonly name: string;
  /** The arguments, parsed from the provider's JSON. */
  readonly input: JsonValue;
  /** Anything else the adapter kept from the provider's call. */
  readonly metadata?: MetadataMap;
}
