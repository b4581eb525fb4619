import type { JsonObject } from '../values/JsonValue.js';

/**
 * A request for a model completion from a tool (`ctx.sample`), MCP's `sampling/createMessage`
 * shape: `messages` (text turns), at most `maxTokens`, an optional `systemPrompt`,
 * `temperature`, `stopSequences`, `modelPreferences` and `metadata` passed through.
 */
export interface SamplingRequest {
  /** The conversation to continue. */
  readonly messages: readonly {
    readonly role: 'user' | 'assistant';
    readonly content: { readonly type: 'text'; readonly text: string };
  }[];
  /** The most tokens the answer may have. */
  readonly maxTokens: number;
  /** A system prompt the host may use. */
  readonly systemPrompt?: string;
  /** Sampling temperature. */
  readonly temperature?: number;
  /** Where the model stops. */
  readonly stopSequences?: readonly string[];
  /** MCP's model preferences (hints, cost, speed, intelligence priorities), passed through. */
  readonly modelPreferences?: JsonObject;
  /** Provider-specific data, passed through. */
  readonly metadata?: JsonObject;
}

/** The model's answer: the text it wrote, which model, and why it stopped. */
export interface SamplingResult {
  /** Always `assistant`. */
  readonly role: 'assistant';
  /** What the model wrote. */
  readonly content: { readonly type: 'text'; readonly text: string };
  /** The model that answered. */
  readonly model: string;
  /** `endTurn`, `stopSequence`, `maxTokens` or the host's own reason. */
  readonly stopReason?: string;
}
