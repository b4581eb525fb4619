// Provider adapters: tool declarations out, tool calls back.
export { toProviderToolName } from './toProviderToolName.js';
export { fromProviderToolName } from './fromProviderToolName.js';
export { toOpenAIChatTools } from './openai/toOpenAIChatTools.js';
export { toOpenAIResponsesTools } from './openai/toOpenAIResponsesTools.js';
export { toAnthropicTools } from './anthropic/toAnthropicTools.js';
export { toGeminiTools } from './gemini/toGeminiTools.js';
export { buildStrictSchema } from './openai/buildStrictSchema.js';
export { buildGeminiSchema } from './gemini/buildGeminiSchema.js';
export type { OpenAIToolsOptions } from './openai/OpenAIToolsOptions.js';
export type { OpenAIChatTool } from './openai/OpenAIChatTool.js';
export type { OpenAIResponsesTool } from './openai/OpenAIResponsesTool.js';
export type { AnthropicTool } from './anthropic/AnthropicTool.js';
export type { GeminiFunctionDeclaration, GeminiTool } from './gemini/GeminiTool.js';
export { fromOpenAIToolCall } from './openai/fromOpenAIToolCall.js';
export { fromAnthropicToolUse } from './anthropic/fromAnthropicToolUse.js';
export { fromGeminiFunctionCall } from './gemini/fromGeminiFunctionCall.js';
export { removeOptionalNulls } from './removeOptionalNulls.js';
export type {
  OpenAIChatCustomToolCall,
  OpenAIChatToolCall,
  OpenAIResponsesFunctionCall,
  OpenAIToolCall,
} from './openai/OpenAIToolCall.js';
export type { AnthropicToolUse } from './anthropic/AnthropicToolUse.js';
export type { GeminiFunctionCall } from './gemini/GeminiFunctionCall.js';
export type { GeminiCallContext } from './gemini/GeminiCallContext.js';
export type { ProviderCallContext } from './ProviderCallContext.js';
export type { NotInvokedFailure, ParsedToolCall } from './ParsedToolCall.js';

// What the model reads back, and one model turn
export { renderToolResult } from './rendering/renderToolResult.js';
export { renderToolResults } from './rendering/renderToolResults.js';
export type { ModelBlock, ModelContent, ModelContentOptions } from '../index.js';
export type { RenderToolResultOptions } from './rendering/RenderToolResultOptions.js';
export type { ToolResultFormat } from './rendering/ToolResultFormat.js';
export type {
  AnthropicToolResult,
  AnthropicToolResultContent,
  GeminiFunctionResponsePart,
  OpenAIChatToolMessage,
  OpenAIFunctionCallOutput,
  OpenAIFunctionCallOutputItem,
  ToolResultMessage,
  ToolResultMessages,
} from './rendering/ToolResultMessage.js';
export { executeToolCalls, type ToolCallsTurn } from './executeToolCalls.js';

// A turn's results into the transcript, where and how each provider wants them
export type { TranscriptToolResult } from './transcript/TranscriptToolResult.js';
export { addOpenAIChatToolResults, type OpenAIChatMessageLike } from './transcript/addOpenAIChatToolResults.js';
export {
  addOpenAIResponsesToolResults,
  type OpenAIResponsesItemLike,
} from './transcript/addOpenAIResponsesToolResults.js';
export {
  addAnthropicToolResults,
  type AnthropicBlockLike,
  type AnthropicBlockOf,
  type AnthropicMessageLike,
  type AnthropicToolResultsMessage,
  type AnthropicTranscriptBlock,
} from './transcript/addAnthropicToolResults.js';
export {
  addGeminiToolResults,
  type GeminiContentLike,
  type GeminiPartLike,
} from './transcript/addGeminiToolResults.js';
export type { ExecutedToolCall } from './ExecutedToolCall.js';
export { DEFAULT_TOOL_CALL_CONCURRENCY, type ExecuteToolCallsOptions } from './ExecuteToolCallsOptions.js';

// The Vercel AI SDK bridge
export { toAiSdkTools } from './aiSdk/toAiSdkTools.js';
export type {
  AiSdkFileOutputs,
  AiSdkTool,
  AiSdkToolResultOutput,
  AiSdkVersion,
  StandardJsonSchema,
} from './aiSdk/AiSdkTool.js';
export type { AiSdkPendingStore } from './aiSdk/AiSdkPendingStore.js';
export type { ToAiSdkToolsOptions } from './aiSdk/ToAiSdkToolsOptions.js';
