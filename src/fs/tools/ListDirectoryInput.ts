import type { JsonObject } from '../../index.js';

/** Input of `fs_list_directory`. */
export interface ListDirectoryInput {
  /** The directory to list, absolute or relative to the first root. */
  readonly path: string;
  /** List subdirectories too. Default false. */
  readonly recursive?: boolean;
  /** With `recursive`: how many levels (1 = the directory's own entries). Default unlimited. */
  readonly maxDepth?: number;
  /** Entries to return at most. Default and cap: the `maxEntries` limit (1,000). */
  readonly limit?: number;
  /**
   * Also walk what `.gitignore` files ignore and `.git` directories. Default false: like
   * ripgrep, entries named `.git` and entries ignored by the `.gitignore` files in force are
   * skipped (an ignored directory is not entered) and counted in `skippedIgnored`.
   */
  readonly includeIgnored?: boolean;
}

/** The JSON Schema of {@link ListDirectoryInput} (closed: unknown keys are refused). */
export const LIST_DIRECTORY_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    recursive: { type: 'boolean' },
    maxDepth: { type: 'integer', minimum: 1, maximum: 64 },
    limit: { type: 'integer', minimum: 1, maximum: 100_000 },
    includeIgnored: { type: 'boolean' },
  },
  required: ['path'],
  additionalProperties: false,
};
