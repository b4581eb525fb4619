import type { JsonObject } from '../../index.js';

/** Input of `fs_delete`. */
export interface DeleteInput {
  /** The file or directory to delete, absolute or relative to the first root. */
  readonly path: string;
  /** Delete a directory with everything in it. Default false (only empty directories). */
  readonly recursive?: boolean;
  /** Succeed when nothing is there. Default false. */
  readonly missingOk?: boolean;
}

/** The JSON Schema of {@link DeleteInput} (closed: unknown keys are refused). */
export const DELETE_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    recursive: { type: 'boolean' },
    missingOk: { type: 'boolean' },
  },
  required: ['path'],
  additionalProperties: false,
};
