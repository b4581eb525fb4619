import type { JsonObject, JsonValue } from '../values/JsonValue.js';

/** The model-facing part every invocable has. */
export interface InvocableSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
}

/**
 * Anything a model can invoke: the layer under tools. A `Tool` specializes it with
 * annotations, preflight and permission semantics; MCP tools share it.
 */
export interface Invocable<TContext = unknown, TResult = unknown> {
  readonly spec: InvocableSpec;
  invoke(input: JsonValue, ctx: TContext): Promise<TResult>;
}
