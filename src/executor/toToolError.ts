import { stringifyJson } from '../values/stringifyJson.js';
import { ToolError } from '../errors/ToolError.js';
import type { ToolErrorCode } from '../errors/ToolErrorCode.js';

/**
 * Any thrown value as a ToolError: a ToolError is kept; an `Error` becomes `fallback` with its
 * message; anything else (a string, a number, `undefined`) is described, never lost.
 */
export function toToolError(thrown: unknown, fallback: ToolErrorCode, prefix: string): ToolError {
  if (ToolError.is(thrown)) return thrown;
  if (thrown instanceof Error) {
    return new ToolError(fallback, `${prefix}: ${thrown.message}`, { errorName: thrown.name }, { cause: thrown });
  }
  let shown: string;
  try {
    shown = typeof thrown === 'string' ? thrown : (stringifyJson(thrown) ?? String(thrown));
  } catch {
    shown = String(thrown);
  }
  return new ToolError(fallback, `${prefix}: ${shown}`, { errorName: 'NonError', thrownType: typeof thrown }, { cause: thrown });
}
