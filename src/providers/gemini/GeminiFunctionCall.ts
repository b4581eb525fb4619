/** A Gemini `functionCall` part (the SDK's `FunctionCall`): every field optional, `id` often absent. */
export interface GeminiFunctionCall {
  /** The call's id, when Gemini gives one. */
  readonly id?: string;
  /** The provider-safe tool name. */
  readonly name?: string;
  /** The arguments. */
  readonly args?: Record<string, unknown>;
}
