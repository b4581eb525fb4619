import type { ContentPart } from '../values/ContentPart.js';
import type { MetadataMap } from '../values/JsonValue.js';

export interface PromptDescriptor {
  readonly name: string;
  readonly description?: string;
  readonly arguments?: readonly { readonly name: string; readonly description?: string; readonly required?: boolean }[];
  readonly metadata?: MetadataMap;
}

export interface PromptMessage {
  readonly role: 'user' | 'assistant';
  readonly content: ContentPart;
}

export interface PromptResult {
  readonly description?: string;
  readonly messages: readonly PromptMessage[];
}

/** Prompt templates (MCP prompts map here): an adjacent abstraction, not squeezed into tools. */
export interface PromptProvider {
  list(): Promise<readonly PromptDescriptor[]>;
  get(name: string, args?: Readonly<Record<string, string>>): Promise<PromptResult>;
}
