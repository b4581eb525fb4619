import { z } from 'zod';
import type { JsonObject } from '../src/index.js';
import type { Subject } from './measure.js';

/**
 * The one echo tool every subject implements: input `{ text: string }` (at most 1,000
 * characters, no other keys), result the text.
 */
// A type alias, not an interface, so that it is assignable to JsonValue.
export type EchoInputShape = { text: string };

export const ECHO_TOOL_NAME = 'bench_echo';
export const ECHO_DESCRIPTION = 'Echoes the given text back.';
export const ECHO_MAX_LENGTH = 1000;

/** The input every call sends. */
export const ECHO_TEXT = 'The quick brown fox jumps over the lazy dog.';
export const ECHO_INPUT: EchoInputShape = { text: ECHO_TEXT };
/** The same input as JSON text, for peers whose call takes the model's raw arguments. */
export const ECHO_INPUT_JSON = JSON.stringify(ECHO_INPUT);

/** The explicit JSON Schema (ajv baseline and our explicit-schema tool). */
export const ECHO_JSON_SCHEMA: JsonObject = {
  type: 'object',
  properties: { text: { type: 'string', maxLength: ECHO_MAX_LENGTH } },
  required: ['text'],
  additionalProperties: false,
};

/** The zod shape and schema the peers validate with (unknown keys rejected, as ours does). */
export const echoZodShape = { text: z.string().max(ECHO_MAX_LENGTH) };
export const echoZodSchema = z.strictObject(echoZodShape);

/**
 * A measured subject that also exposes its echo path for a sanity check: `echo(input)`
 * resolves to the echoed text for valid input, and rejects (or resolves to something else)
 * for invalid input.
 */
export interface EchoSubject extends Subject {
  /** False only for the unvalidated direct call. */
  readonly validates: boolean;
  echo(input: unknown): Promise<unknown>;
  close?(): Promise<void>;
}

/**
 * Checks that a subject really echoes and really validates (so validation is on the measured
 * path): a valid input comes back, a too-long text does not.
 */
export async function verifyEchoSubject(subject: EchoSubject): Promise<void> {
  const echoed = await subject.echo({ text: ECHO_TEXT });
  if (echoed !== ECHO_TEXT) {
    throw new Error(`${subject.name}: expected the echoed text, got ${JSON.stringify(echoed)}`);
  }
  if (!subject.validates) return;
  const tooLong = 'x'.repeat(ECHO_MAX_LENGTH + 1);
  let rejected: unknown;
  try {
    rejected = await subject.echo({ text: tooLong });
  } catch {
    return;
  }
  if (rejected === tooLong) throw new Error(`${subject.name}: a ${tooLong.length}-character text was not rejected`);
}
