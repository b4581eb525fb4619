import type { JsonObject, JsonValue } from '../index.js';

/** `code_run`'s structured result. */
export interface CodeRunResult {
  /** What the script returned (`null` for nothing). */
  readonly result: JsonValue;
  /** The script's `console` lines, as far as they were kept. */
  readonly console: readonly string[];
  /** How many `console` lines were cut past `maxConsoleChars`. */
  readonly consoleCut: number;
  /** How many tool calls the script made (replayed ones included). */
  readonly toolCalls: number;
}

/** The output schema of {@link CodeRunResult}. */
export const CODE_RUN_OUTPUT_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    result: { description: 'What the script returned (null for nothing).' },
    console: { type: 'array', items: { type: 'string' }, description: "The script's console lines." },
    consoleCut: { type: 'integer', minimum: 0, description: 'How many console lines were cut.' },
    toolCalls: { type: 'integer', minimum: 0, description: 'How many tool calls the script made.' },
  },
  required: ['result', 'console', 'consoleCut', 'toolCalls'],
  additionalProperties: false,
};
