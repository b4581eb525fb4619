import type { JsonObject } from '../../index.js';

/** Input of `fs_grep`. */
export interface GrepInput {
  /**
   * A regular expression (JavaScript syntax), matched against each line on a linear-time engine:
   * backreferences and lookaround are refused (`unsafe_pattern`).
   */
  readonly pattern: string;
  /** File or directory to search. Default: the first root. */
  readonly path?: string;
  /** Only files whose path matches this glob (`*.ts` matches the file name anywhere). */
  readonly include?: string;
  /** Match letters case-insensitively. Default false. */
  readonly ignoreCase?: boolean;
  /** Matches to return at most. Default 200, cap the `maxGrepMatches` limit (2,000). */
  readonly limit?: number;
  /**
   * Also walk what `.gitignore` files ignore and `.git` directories. Default false: like
   * ripgrep, entries named `.git` and entries ignored by the `.gitignore` files in force are
   * skipped (an ignored directory is not entered) and counted in `skippedIgnored`.
   */
  readonly includeIgnored?: boolean;
}

/** The JSON Schema of {@link GrepInput} (closed: unknown keys are refused). */
export const GREP_INPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    pattern: { type: 'string', minLength: 1, maxLength: 1000 },
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    include: { type: 'string', minLength: 1, maxLength: 1000 },
    ignoreCase: { type: 'boolean' },
    limit: { type: 'integer', minimum: 1, maximum: 100_000 },
    includeIgnored: { type: 'boolean' },
  },
  required: ['pattern'],
  additionalProperties: false,
};
