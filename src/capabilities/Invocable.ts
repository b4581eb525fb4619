import type { JsonObject, JsonValue } from '../values/JsonValue.js';

/**
 * Anything a model can invoke: the layer under tools. A `Tool` specializes it with
 * annotations, preflight and permission semantics; MCP tools share it.
 */
export interface Invocable<TContext = unknown, TResult = unknown> {
  /** The model-facing part: its name, what it does, and the JSON Schema of its input. */
  readonly spec: { readonly name: string; readonly description: string; readonly inputSchema: JsonObject };
  /** Runs it with an input the caller has validated against `spec.inputSchema`. */
  invoke(input: JsonValue, ctx: TContext): Promise<TResult>;
}
