import type { JsonObject } from '../index.js';

/** One entry of OpenAI Responses API `tools` (the SDK's `FunctionTool`). */
export interface OpenAIResponsesTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonObject;
  readonly strict: boolean;
}
