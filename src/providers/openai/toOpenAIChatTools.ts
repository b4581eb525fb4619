import type { ToolSpec } from '../../index.js';
import { assertProviderToolNames } from '../assertProviderToolNames.js';
import { OPENAI_NAME_RULE } from './OPENAI_NAME_RULE.js';
import { buildOpenAIParameters } from './buildOpenAIParameters.js';
import { buildToolDescription } from '../buildToolDescription.js';
import type { OpenAIChatTool } from './OpenAIChatTool.js';
import type { OpenAIToolsOptions } from './OpenAIToolsOptions.js';
import { toProviderToolName } from '../toProviderToolName.js';

/**
 * The specs as OpenAI Chat Completions `tools`; output schemas folded into the descriptions.
 * @throws ToolConfigurationError when a name would exceed OpenAI's 64 characters.
 */
export function toOpenAIChatTools(specs: readonly ToolSpec[], options: OpenAIToolsOptions = {}): OpenAIChatTool[] {
  assertProviderToolNames(specs, OPENAI_NAME_RULE);
  return specs.map((spec) => ({
    type: 'function',
    function: {
      name: toProviderToolName(spec.name),
      description: buildToolDescription(spec, true),
      ...buildOpenAIParameters(spec, options.strict ?? false),
    },
  }));
}
