import type { ContentPart } from '../index.js';
import type { PromptMessage, PromptResult } from './PromptProvider.js';
import type { ResourceContents } from './ResourceProvider.js';

/**
 * What a resource class's `read` may answer: a string (text, with the decorator's `mimeType`),
 * bytes (sent base64 as a blob), one {@link ResourceContents} or several.
 */
export type ResourceReadResult = string | Uint8Array | ResourceContents | readonly ResourceContents[];

/**
 * What a prompt class's `get` may answer: a string (one `user` text message), one content part
 * (one `user` message), the messages, or a whole {@link PromptResult}.
 */
export type PromptGetResult = string | ContentPart | readonly PromptMessage[] | PromptResult;

/** Announces that a subscribed resource changed (clients that subscribed get `notifications/resources/updated`). */
export type ResourceChangeListener = () => void;

/**
 * Suggestions for the argument being typed (`completion/complete`): `argument` is its name,
 * `value` what the person typed so far, `context` the arguments already given. At most 100
 * values are sent (with `hasMore`).
 */
export type CompleteMethod = (
  argument: string,
  value: string,
  context: Readonly<Record<string, string>>,
) => readonly string[] | Promise<readonly string[]>;

/** A `@Resource` class: `read()` answers its contents; `subscribe` and `complete` are optional. */
export interface ResourceClassInstance {
  /** The resource's contents now. `uri` is the decorator's. */
  read(uri: string): ResourceReadResult | Promise<ResourceReadResult>;
  /**
   * Called when a client subscribes to the resource (`resources/subscribe`): call `changed`
   * whenever the resource changes; return what stops it (called on `resources/unsubscribe` or
   * when the client goes). Without it, subscriptions are accepted and never notified.
   */
  subscribe?(changed: ResourceChangeListener): (() => void) | undefined;
}

/** A `@ResourceTemplate` class: `read(uri, variables)` answers the contents at a matching URI. */
export interface ResourceTemplateClassInstance {
  /** The contents at `uri`; `variables` are the template's, taken from `uri` (`{id}` -> `variables.id`). */
  read(uri: string, variables: Readonly<Record<string, string>>): ResourceReadResult | Promise<ResourceReadResult>;
  /** Suggestions for a template variable. */
  complete?: CompleteMethod;
}

/** A `@Prompt` class: `get(args)` renders the prompt. */
export interface PromptClassInstance {
  /** The prompt rendered with `args` (every required argument is there; checked before). */
  get(args: Readonly<Record<string, string>>): PromptGetResult | Promise<PromptGetResult>;
  /** Suggestions for an argument. */
  complete?: CompleteMethod;
}
