import { buildPathError } from './buildPathError.js';
import type { WorkspaceRoot } from './WorkspaceRoot.js';

const CONTROL_CHARACTER = /\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;

function describeType(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}

/**
 * Rejects anything that is not a usable path string, before it reaches the file system:
 * non-strings, the empty string, control characters (NUL, newline, DEL, C1: Unicode `Cc`) and
 * lone surrogates (they would silently turn into U+FFFD on the way to the OS).
 */
export function assertSafePathString(value: unknown, roots: readonly WorkspaceRoot[]): asserts value is string {
  if (typeof value !== 'string') {
    throw buildPathError('not_a_string', { roots, subject: describeType(value) });
  }
  if (value.length === 0) {
    throw buildPathError('empty', { path: value, roots });
  }
  const control = CONTROL_CHARACTER.exec(value);
  if (control !== null) {
    const codePoint = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw buildPathError('control_character', {
      path: value,
      roots,
      subject: `U+${codePoint} at index ${control.index}`,
    });
  }
  if (LONE_SURROGATE.test(value)) {
    throw buildPathError('invalid_unicode', { path: value, roots });
  }
}
