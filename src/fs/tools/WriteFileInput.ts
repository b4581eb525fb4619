import type { JsonObject } from '../../index.js';

/** Input of `fs_write_file`. */
export interface WriteFileInput {
  /** The file to write, absolute or relative to the first root. */
  readonly path: string;
  /** The whole new content, as text. */
  readonly content: string;
  /** Create missing parent directories. Default false. */
  readonly createParents?: boolean;
  /** Replace an existing file (read it first). Default false. */
  readonly overwrite?: boolean;
}

/** The JSON Schema of {@link WriteFileInput} (closed: unknown keys are refused). */
export const WRITE_FILE_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    content: { type: 'string' },
    createParents: { type: 'boolean' },
    overwrite: { type: 'boolean' },
  },
  required: ['path', 'content'],
  additionalProperties: false,
};
