import type { JsonObject } from '../../index.js';

/** One entry of OpenAI Responses API `tools` (the SDK's `FunctionTool`). */
export interface OpenAIResponsesTool {
  /** Always `function`. */
  readonly type: 'function';
  /** The provider-safe tool name. */
  readonly name: string;
  /** The tool's description. */
  readonly description: string;
  /** The input's JSON Schema (made strict-compatible when `strict`). */
  readonly parameters: JsonObject;
  /** Whether OpenAI enforces the schema. */
  readonly strict: boolean;
}
