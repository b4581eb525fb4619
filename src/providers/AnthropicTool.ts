import type { JsonValue } from '../index.js';

/** One entry of Anthropic Messages `tools` (the SDK's `Tool`). */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: { readonly type: 'object'; readonly [keyword: string]: JsonValue };
}
