import type { JsonObject } from '../values/JsonValue.js';

/**
 * A question a tool puts to the person (`ctx.elicit`'s argument), by name for the core's own code.
 * @internal
 */
export interface ElicitationRequest {
  readonly message: string;
  readonly schema: JsonObject;
}

/**
 * The person's answer: `accept` with `content` (checked against the question's schema before
 * the tool sees it), `decline` (they said no) or `cancel` (they dismissed the question).
 */
export type ElicitationResult =
  | { readonly action: 'accept'; readonly content: JsonObject }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };
