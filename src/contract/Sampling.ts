import type { JsonObject } from '../values/JsonValue.js';
import type { ToolRequest } from './ToolRequest.js';

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
  readonly role: 'assistant';
  readonly content: { readonly type: 'text'; readonly text: string };
  /** The model that answered. */
  readonly model: string;
  /** `endTurn`, `stopSequence`, `maxTokens` or the host's own reason. */
  readonly stopReason?: string;
}

/**
 * Answers a tool's sampling requests in process: bind one under `SAMPLING_HANDLER` (it calls the
 * host's model). Without one (and not served over MCP to a client that samples), a call that
 * samples ends `interrupted` with `capability_required`. A handler that throws or answers
 * something malformed ends the call `failed`.
 */
export interface SamplingHandler {
  /** Asks the host's model; resolves to its answer. */
  sample(request: SamplingRequest, call: ToolRequest, signal: AbortSignal): Promise<SamplingResult>;
}
