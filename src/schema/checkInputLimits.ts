import { ToolError } from '../errors/ToolError.js';
import type { InputLimits } from './InputLimits.js';

type ProblemKind =
  | { readonly reason: 'too_large' }
  | { readonly reason: 'too_deep' }
  | { readonly reason: 'forbidden_key'; readonly key: string }
  | { readonly reason: 'not_json'; readonly found: string };

/** A problem and where it is: `segments` is filled innermost first while the walk unwinds. */
type Found = ProblemKind & { readonly segments: (string | number)[] };

type Problem = ProblemKind & { readonly path: string };

function escapePointer(key: string | number): string {
  return typeof key === 'number' ? String(key) : key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function found(kind: ProblemKind): Found {
  return { ...kind, segments: [] };
}

/**
 * A key that could reach an object's prototype if the input were ever merged somewhere (compared
 * directly: a `Set` lookup cost the walk more than the rest of a small input's check).
 */
function isForbiddenKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/**
 * The JSON size of `value` added to `size` (what the walk counted before it), or the problem
 * found in it. Allocates nothing while the input is within limits.
 */
function walk(value: unknown, depth: number, size: number, limits: InputLimits): number | Found {
  switch (typeof value) {
    case 'string':
      size += value.length + 2;
      break;
    case 'number':
      if (!Number.isFinite(value)) return found({ reason: 'not_json', found: String(value) });
      size += 8;
      break;
    case 'boolean':
      size += 5;
      break;
    case 'object': {
      if (value === null) {
        size += 4;
        break;
      }
      if (depth >= limits.maxDepth) return found({ reason: 'too_deep' });
      size += 2;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const inner = walk(value[i], depth + 1, size + 1, limits);
          if (typeof inner !== 'number') {
            inner.segments.push(i);
            return inner;
          }
          size = inner;
        }
        break;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return found({ reason: 'not_json', found: 'a class instance' });
      const keys = Object.keys(value);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        if (isForbiddenKey(key)) return found({ reason: 'forbidden_key', key });
        const inner = walk((value as Record<string, unknown>)[key], depth + 1, size + key.length + 4, limits);
        if (typeof inner !== 'number') {
          inner.segments.push(key);
          return inner;
        }
        size = inner;
      }
      break;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return found({ reason: 'not_json', found: typeof value });
  }
  return size > limits.maxBytes ? found({ reason: 'too_large' }) : size;
}

/**
 * One walk over the input: its JSON size (strings and keys counted by length plus quotes and
 * separators, so the figure matches `JSON.stringify` for input without escapes), its depth,
 * forbidden keys and values JSON cannot carry. Paths are only built for a problem found.
 */
function findProblem(input: unknown, limits: InputLimits): Problem | undefined {
  const problem = walk(input, 0, 0, limits);
  if (typeof problem === 'number') return undefined;
  const { segments, ...kind } = problem;
  const path = segments
    .reverse()
    .map((segment) => `/${escapePointer(segment)}`)
    .join('');
  return { ...kind, path };
}

/**
 * Checks size, depth, forbidden keys and JSON-ness of a tool input.
 * @returns an `invalid_input` ToolError, or `undefined` when the input is within limits.
 */
export function checkInputLimits(toolName: string, input: unknown, limits: InputLimits): ToolError | undefined {
  const problem = findProblem(input, limits);
  if (problem === undefined) return undefined;
  const where = problem.path === '' ? 'the input' : `\`${problem.path}\``;
  let message: string;
  switch (problem.reason) {
    case 'too_large':
      message = `Input for tool \`${toolName}\` is larger than ${limits.maxBytes} characters of JSON. Send less data, or split the work into several calls.`;
      break;
    case 'too_deep':
      message = `Input for tool \`${toolName}\` nests deeper than ${limits.maxDepth} levels at ${where}. Flatten the input.`;
      break;
    case 'forbidden_key':
      message = `Input for tool \`${toolName}\` uses the reserved key "${problem.key}" at ${where}. Remove it: "__proto__", "constructor" and "prototype" are never accepted.`;
      break;
    case 'not_json':
      message = `Input for tool \`${toolName}\` holds ${problem.found} at ${where}, which is not JSON. Send only strings, finite numbers, booleans, null, arrays and plain objects.`;
      break;
  }
  return new ToolError('invalid_input', message, {
    reason: problem.reason,
    path: problem.path,
    ...(problem.reason === 'forbidden_key' ? { key: problem.key } : {}),
    limits: { maxBytes: limits.maxBytes, maxDepth: limits.maxDepth },
  });
}
