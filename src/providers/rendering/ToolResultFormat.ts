/** The provider message formats `renderToolResult` builds. */
export type ToolResultFormat = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
