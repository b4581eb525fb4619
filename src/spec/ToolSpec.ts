import type { JsonObject, MetadataMap } from '../values/JsonValue.js';
import type { ToolAnnotations } from './ToolAnnotations.js';
import type { ToolName } from './ToolName.js';

/** The model-facing description of a tool: plain, serializable JSON. */
export interface ToolSpec {
  /** The validated tool name (see {@link ToolName}). */
  readonly name: ToolName;
  /** What the tool does, written for the model. */
  readonly description: string;
  /** The JSON Schema of its input: self-contained, an object schema. */
  readonly inputSchema: JsonObject;
  /** The JSON Schema its structured results must match, when it declares one. */
  readonly outputSchema?: JsonObject;
  /** Behaviour hints (read-only, destructive, ...). */
  readonly annotations: ToolAnnotations;
  /** Free-form data for hosts and adapters. */
  readonly metadata: MetadataMap;
}
