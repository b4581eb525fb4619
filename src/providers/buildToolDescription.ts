import type { ToolSpec } from '../index.js';
import { inlineSchemaRefs } from './schema/inlineSchemaRefs.js';

/**
 * The spec's description, plus `Returns: <compact JSON Schema>` when the tool has an output
 * schema and the provider has no field for it (OpenAI, Anthropic).
 */
export function buildToolDescription(spec: ToolSpec, foldOutputSchema: boolean): string {
  if (!foldOutputSchema || spec.outputSchema === undefined) return spec.description;
  const returns = `Returns: ${JSON.stringify(inlineSchemaRefs(spec.outputSchema).schema)}`;
  return spec.description === '' ? returns : `${spec.description}\n\n${returns}`;
}
