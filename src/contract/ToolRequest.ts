import type { JsonValue, MetadataMap } from '../values/JsonValue.js';

/** One tool call to execute: the normalized call plus where it comes from. */
export interface ToolRequest {
  /** The id of the call (the model's tool-call id); the result and any approval name it. */
  readonly callId: string;
  /** The tool to run. */
  readonly toolName: string;
  /** The arguments, validated against the tool's input schema before anything runs. */
  readonly input: JsonValue;
  /** The conversation the call belongs to; an approval is valid only in its own session. */
  readonly sessionId: string;
  /** The model turn that made the call. */
  readonly turnId: string;
  /** Free-form data from the host, passed through to the tool. */
  readonly metadata: MetadataMap;
}
