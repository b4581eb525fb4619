import type { ContentPart, MetadataMap } from '../index.js';

/** A prompt template a {@link PromptProvider} lists. */
export interface PromptDescriptor {
  /** The name `get(name)` takes. */
  readonly name: string;
  /** What the prompt is for. */
  readonly description?: string;
  /** The arguments it takes, each with its name, description and whether it is required. */
  readonly arguments?: readonly { readonly name: string; readonly description?: string; readonly required?: boolean }[];
  /** Anything else the provider says about it. */
  readonly metadata?: MetadataMap;
}

/** One message of a rendered prompt. */
export interface PromptMessage {
  /** Who says it. */
  readonly role: 'user' | 'assistant';
  /** What is said. */
  readonly content: ContentPart;
}

/** A prompt rendered with its arguments. */
export interface PromptResult {
  /** What the rendered prompt is for. */
  readonly description?: string;
  /** The messages to put into the conversation. */
  readonly messages: readonly PromptMessage[];
}

/** Prompt templates (MCP prompts map here): an adjacent abstraction, not squeezed into tools. */
export interface PromptProvider {
  /** Every prompt it offers. */
  list(): Promise<readonly PromptDescriptor[]>;
  /** The prompt `name` rendered with `args`. */
  get(name: string, args?: Readonly<Record<string, string>>): Promise<PromptResult>;
}
