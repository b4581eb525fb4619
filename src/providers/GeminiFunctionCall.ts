/** A Gemini `functionCall` part (the SDK's `FunctionCall`): every field optional, `id` often absent. */
export interface GeminiFunctionCall {
  readonly id?: string;
  readonly name?: string;
  readonly args?: Record<string, unknown>;
}
