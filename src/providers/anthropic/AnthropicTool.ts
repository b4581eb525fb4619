import type { JsonValue } from '../../index.js';

/** One entry of Anthropic Messages `tools` (the SDK's `Tool`). */
export interface AnthropicTool {
  /** The provider-safe tool name (`.` written as `__`). */
  readonly name: string;
  /** The tool's description. */
  readonly description: string;
  /** The input's JSON Schema (an object schema). */
  readonly input_schema: { readonly type: 'object'; readonly [keyword: string]: JsonValue };
}
