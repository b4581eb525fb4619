import type { JsonObject } from '../../index.js';

/** Input of `fs_create_directory`. */
export interface CreateDirectoryInput {
  /** The directory to create (with any missing parents), absolute or relative to the first root. */
  readonly path: string;
}

/** The JSON Schema of {@link CreateDirectoryInput} (closed: unknown keys are refused). */
export const CREATE_DIRECTORY_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
  },
  required: ['path'],
  additionalProperties: false,
};
