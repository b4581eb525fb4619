import type { JsonObject } from '../../index.js';

/** One entry of OpenAI Chat Completions `tools` (the SDK's `ChatCompletionFunctionTool`). */
export interface OpenAIChatTool {
  /** Always `function`. */
  readonly type: 'function';
  /** The function's name, description, parameters schema and `strict` flag. */
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: JsonObject;
    readonly strict: boolean;
  };
}
