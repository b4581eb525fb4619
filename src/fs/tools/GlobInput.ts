import type { JsonObject } from '../../index.js';

/** Input of `fs_glob`. */
export interface GlobInput {
  /** A glob relative to `path` (`**\/*.ts`, `src/*.{js,json}`); dotfiles match too. */
  readonly pattern: string;
  /** Directory to search. Default: the first root. */
  readonly path?: string;
  /** Paths to return at most. Default and cap: the `maxEntries` limit (1,000). */
  readonly limit?: number;
  /**
   * Also walk what `.gitignore` files ignore and `.git` directories. Default false: like
   * ripgrep, entries named `.git` and entries ignored by the `.gitignore` files in force are
   * skipped (an ignored directory is not entered) and counted in `skippedIgnored`.
   */
  readonly includeIgnored?: boolean;
}

/** The JSON Schema of {@link GlobInput} (closed: unknown keys are refused). */
export const GLOB_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    pattern: { type: 'string', minLength: 1, maxLength: 1000 },
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    limit: { type: 'integer', minimum: 1, maximum: 100_000 },
    includeIgnored: { type: 'boolean' },
  },
  required: ['pattern'],
  additionalProperties: false,
};
