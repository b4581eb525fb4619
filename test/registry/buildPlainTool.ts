import { buildToolResult, type SchemaStrictness, type Tool, type ToolResult, type ToolSpec } from '../../src/index.js';
import type { JsonObject } from '../../src/values/JsonValue.js';

export interface PlainToolOptions {
  readonly description?: string;
  readonly inputSchema?: JsonObject;
  readonly outputSchema?: JsonObject;
  readonly source?: string;
  readonly schemaStrictness?: SchemaStrictness;
}

/** A plain-object Tool answering with its own name. */
export function buildPlainTool(name: string, options: PlainToolOptions = {}): Tool {
  const spec: ToolSpec = {
    name: name as ToolSpec['name'],
    description: options.description ?? `The ${name} tool.`,
    inputSchema: options.inputSchema ?? { type: 'object', properties: {}, additionalProperties: false },
    ...(options.outputSchema === undefined ? {} : { outputSchema: options.outputSchema }),
    annotations: {},
    metadata: {},
  };
  return {
    spec,
    ...(options.source === undefined ? {} : { source: options.source }),
    ...(options.schemaStrictness === undefined ? {} : { schemaStrictness: options.schemaStrictness }),
    invoke: (request): Promise<ToolResult> => Promise.resolve(buildToolResult(request, { type: 'text', text: name })),
  };
}
