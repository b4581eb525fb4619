import type { JsonObject } from '../index.js';

/** One entry of OpenAI Chat Completions `tools` (the SDK's `ChatCompletionFunctionTool`). */
export interface OpenAIChatTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: JsonObject;
    readonly strict: boolean;
  };
}
