import type { ElicitationResult } from './Elicitation.js';
import type { JsonObject } from '../values/JsonValue.js';

/**
 * A call paused until a person answers its question (`ctx.elicit` with no handler to ask).
 * Plain JSON, kept in the executor's approval store: bound to the exact call (tool, session,
 * canonical input) and question, single use, expiring. Resume it with
 * `executor.executeWithInput(request, input, answer)`: the call runs again from its start, and
 * the same question gets the recorded answer.
 */
export interface InputRequest {
  /** Its id (what the approval store keys it by). */
  readonly id: string;
  /** The call that asked (a nested call's own id when a child asked). */
  readonly callId: string;
  /** That call's tool. */
  readonly toolName: string;
  /** The session it is valid in. */
  readonly sessionId: string;
  /** The turn that made the call. */
  readonly turnId: string;
  /** The question, for the person (the tool's text: show it escaped). */
  readonly message: string;
  /** The flat object schema the answer's `content` must match. */
  readonly schema: JsonObject;
  /** Answers given earlier in the same run (a tool that asked more than once), replayed in order. */
  readonly answered: readonly {
    readonly message: string;
    readonly schema: JsonObject;
    readonly result: ElicitationResult;
  }[];
  /** A digest of tool, session, canonical input, question and earlier answers. */
  readonly binding: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly expiresAt: string;
}
