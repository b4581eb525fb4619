import type { JsonObject } from '../../index.js';

/** Input of `fs_move`. */
export interface MoveInput {
  /** The file or directory to move, absolute or relative to the first root. */
  readonly from: string;
  /** The new path (not a directory to move into). */
  readonly to: string;
  /** Replace an existing file at `to` (read it first). Default false. */
  readonly overwrite?: boolean;
}

/** The JSON Schema of {@link MoveInput} (closed: unknown keys are refused). */
export const MOVE_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    from: { type: 'string', minLength: 1, maxLength: 4096 },
    to: { type: 'string', minLength: 1, maxLength: 4096 },
    overwrite: { type: 'boolean' },
  },
  required: ['from', 'to'],
  additionalProperties: false,
};
