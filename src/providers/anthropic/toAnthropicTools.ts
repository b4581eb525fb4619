import type { ToolSpec } from '../../index.js';
import type { AnthropicTool } from './AnthropicTool.js';
import { assertProviderToolNames } from '../assertProviderToolNames.js';
import { buildPlainSchema } from '../schema/buildPlainSchema.js';
import { buildToolDescription } from '../buildToolDescription.js';
import { toProviderToolName } from '../toProviderToolName.js';

/**
 * The specs as Anthropic Messages `tools` (`input_schema` as authored, inlined); output schemas
 * folded into the descriptions.
 * @throws ToolConfigurationError when a name would exceed Anthropic's 64 characters.
 */
export function toAnthropicTools(specs: readonly ToolSpec[]): AnthropicTool[] {
  assertProviderToolNames(specs, { provider: 'Anthropic', maxLength: 64, mustStartWithLetter: false });
  return specs.map((spec) => ({
    name: toProviderToolName(spec.name),
    description: buildToolDescription(spec, true),
    input_schema: buildPlainSchema(spec.inputSchema),
  }));
}
