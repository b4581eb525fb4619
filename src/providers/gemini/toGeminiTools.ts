import type { ToolSpec } from '../../index.js';
import { assertProviderToolNames } from '../assertProviderToolNames.js';
import { buildGeminiSchema } from './buildGeminiSchema.js';
import type { GeminiTool } from './GeminiTool.js';
import { toProviderToolName } from '../toProviderToolName.js';

/**
 * The specs as one Gemini `Tool` with a function declaration each (pass it in
 * `config.tools`). Schemas reduced to Gemini's subset (`buildGeminiSchema`), in
 * `parametersJsonSchema`; output schemas in `responseJsonSchema`.
 * @throws ToolConfigurationError when a name starts with a digit (Gemini needs a letter or `_`).
 */
export function toGeminiTools(specs: readonly ToolSpec[]): GeminiTool[] {
  assertProviderToolNames(specs, { provider: 'Gemini', maxLength: 128, mustStartWithLetter: true });
  return [
    {
      functionDeclarations: specs.map((spec) => ({
        name: toProviderToolName(spec.name),
        description: spec.description,
        parametersJsonSchema: { ...buildGeminiSchema(spec.inputSchema), type: 'object' },
        ...(spec.outputSchema === undefined ? {} : { responseJsonSchema: buildGeminiSchema(spec.outputSchema) }),
      })),
    },
  ];
}
