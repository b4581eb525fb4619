import type { JsonObject } from '../../index.js';

/** Input of `fs_read_file`. */
export interface ReadFileInput {
  /** The file to read, absolute or relative to the first root. */
  readonly path: string;
  /** 1-based first line. Default 1. */
  readonly offset?: number;
  /** Lines to return. Default 2,000. */
  readonly limit?: number;
}

/** The JSON Schema of {@link ReadFileInput} (closed: unknown keys are refused). */
export const READ_FILE_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    offset: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100_000 },
  },
  required: ['path'],
  additionalProperties: false,
};
