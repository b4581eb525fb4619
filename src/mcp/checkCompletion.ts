import { mcpError } from './loadSdkTypes.js';

/** What a `complete()` answered, checked to be strings. */
export function checkCompletion(values: unknown, className: string): readonly string[] {
  if (Array.isArray(values) && values.every((value) => typeof value === 'string')) return values;
  throw mcpError('InternalError', `${className}.complete() must answer an array of strings.`);
}
