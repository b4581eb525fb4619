/** An Anthropic `tool_use` content block (the SDK's `ToolUseBlock`). */
export interface AnthropicToolUse {
  readonly type: 'tool_use';
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}
