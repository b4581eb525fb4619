import type { ToolSpec } from '../index.js';
import { buildOpenAIParameters } from './buildOpenAIParameters.js';
import { buildToolDescription } from './buildToolDescription.js';
import type { OpenAIChatTool } from './OpenAIChatTool.js';
import type { OpenAIToolsOptions } from './OpenAIToolsOptions.js';
import { toProviderToolName } from './toProviderToolName.js';

/** The specs as OpenAI Chat Completions `tools`; output schemas folded into the descriptions. */
export function toOpenAIChatTools(specs: readonly ToolSpec[], options: OpenAIToolsOptions = {}): OpenAIChatTool[] {
  return specs.map((spec) => ({
    type: 'function',
    function: { name: toProviderToolName(spec.name), description: buildToolDescription(spec, true), ...buildOpenAIParameters(spec, options.strict ?? false) },
  }));
}
