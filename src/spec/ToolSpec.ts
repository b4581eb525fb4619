import type { JsonObject, MetadataMap } from '../values/JsonValue.js';
import type { ToolAnnotations } from './ToolAnnotations.js';
import type { ToolName } from './ToolName.js';

/** The model-facing description of a tool: plain, serializable JSON. */
export interface ToolSpec {
  readonly name: ToolName;
  readonly description: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
  readonly annotations: ToolAnnotations;
  readonly metadata: MetadataMap;
}
