import type { JsonObject } from '../../index.js';

/** Input of `fs_edit_file`. */
export interface EditFileInput {
  /** The file to edit, absolute or relative to the first root; read it first. */
  readonly path: string;
  /** The exact text to replace (literal, not a pattern). Must not be empty. */
  readonly oldString: string;
  /** The replacement text (literal: `$&` stays `$&`). */
  readonly newString: string;
  /** How many occurrences to replace, all of them. Default: exactly one must exist. */
  readonly expectedReplacements?: number;
}

/** The JSON Schema of {@link EditFileInput} (closed: unknown keys are refused). */
export const EDIT_FILE_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    oldString: { type: 'string', minLength: 1 },
    newString: { type: 'string' },
    expectedReplacements: { type: 'integer', minimum: 1, maximum: 100_000 },
  },
  required: ['path', 'oldString', 'newString'],
  additionalProperties: false,
};
