import type { JsonObject } from '../values/JsonValue.js';
import type { ToolRequest } from './ToolRequest.js';

/**
 * A question a tool puts to the person (`ctx.elicit`): `message` says what is asked, `schema`
 * is the form of the answer, a flat object schema as MCP elicitation allows (`type: 'object'`,
 * `properties` of type string, number, integer or boolean, with `enum`, `default`, `title`,
 * `description`; `required`).
 */
export interface ElicitationRequest {
  /** The question, for a person. */
  readonly message: string;
  /** The flat object schema the answer's `content` must match. */
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

/**
 * Puts a tool's question to a person in process: bind one under `ELICITATION_HANDLER` (a
 * terminal prompt, a chat UI). Without one, a call that asks ends `interrupted`
 * (`input_required`) and the host resumes it with `executor.executeWithInput`. `request` is the
 * asking call (a nested call's own request when a child asks). A handler that throws or answers
 * something malformed ends the call `failed`.
 */
export interface ElicitationHandler {
  /** Asks the person; resolves to their answer. */
  elicit(question: ElicitationRequest, request: ToolRequest, signal: AbortSignal): Promise<ElicitationResult>;
}
