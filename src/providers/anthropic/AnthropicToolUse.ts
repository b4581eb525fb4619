/** An Anthropic `tool_use` content block (the SDK's `ToolUseBlock`). */
export interface AnthropicToolUse {
  /** Always `tool_use`. */
  readonly type: 'tool_use';
  /** The call's id. */
  readonly id: string;
  /** The provider-safe tool name. */
  readonly name: string;
  /** The arguments, as the model wrote them. */
  readonly input: unknown;
}
