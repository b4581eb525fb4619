// Provider adapters: tool declarations out, tool calls back.
export { toProviderToolName } from './toProviderToolName.js';
export { fromProviderToolName } from './fromProviderToolName.js';
export { toOpenAIChatTools } from './toOpenAIChatTools.js';
export { toOpenAIResponsesTools } from './toOpenAIResponsesTools.js';
export { toAnthropicTools } from './toAnthropicTools.js';
export { toGeminiTools } from './toGeminiTools.js';
export { buildStrictSchema } from './buildStrictSchema.js';
export { buildGeminiSchema } from './buildGeminiSchema.js';
export type { OpenAIToolsOptions } from './OpenAIToolsOptions.js';
export type { OpenAIChatTool } from './OpenAIChatTool.js';
export type { OpenAIResponsesTool } from './OpenAIResponsesTool.js';
export type { AnthropicTool } from './AnthropicTool.js';
export type { GeminiFunctionDeclaration, GeminiTool } from './GeminiTool.js';
export { fromOpenAIToolCall } from './fromOpenAIToolCall.js';
export { fromAnthropicToolUse } from './fromAnthropicToolUse.js';
export { fromGeminiFunctionCall } from './fromGeminiFunctionCall.js';
export { removeOptionalNulls } from './removeOptionalNulls.js';
export type { OpenAIChatCustomToolCall, OpenAIChatToolCall, OpenAIResponsesFunctionCall, OpenAIToolCall } from './OpenAIToolCall.js';
export type { AnthropicToolUse } from './AnthropicToolUse.js';
export type { GeminiFunctionCall } from './GeminiFunctionCall.js';
export type { GeminiCallContext } from './GeminiCallContext.js';
export type { ProviderCallContext } from './ProviderCallContext.js';
export type { NotInvokedFailure, ParsedToolCall } from './ParsedToolCall.js';

// What the model reads back, and one model turn
export { renderToolResult } from './renderToolResult.js';
export { renderToolResults } from './renderToolResults.js';
export type { ModelBlock, ModelContent, ModelContentOptions } from '../index.js';
export type { RenderToolResultOptions } from './RenderToolResultOptions.js';
export type { ToolResultFormat } from './ToolResultFormat.js';
export type {
  AnthropicToolResult,
  AnthropicToolResultContent,
  GeminiFunctionResponsePart,
  OpenAIChatToolMessage,
  OpenAIFunctionCallOutput,
  OpenAIFunctionCallOutputItem,
  ToolResultMessage,
  ToolResultMessages,
} from './ToolResultMessage.js';
export { executeToolCalls, type ToolCallsTurn } from './executeToolCalls.js';
export type { ExecutedToolCall } from './ExecutedToolCall.js';
export { DEFAULT_TOOL_CALL_CONCURRENCY, type ExecuteToolCallsOptions } from './ExecuteToolCallsOptions.js';

// The Vercel AI SDK bridge
export { toAiSdkTools } from './toAiSdkTools.js';
export type { AiSdkTool, AiSdkToolResultOutput, StandardJsonSchema } from './AiSdkTool.js';
export type { AiSdkPendingStore } from './AiSdkPendingStore.js';
export type { ToAiSdkToolsOptions } from './ToAiSdkToolsOptions.js';
