import { ToolError } from '../errors/ToolError.js';
import { FORBIDDEN_INPUT_KEYS, type InputLimits } from './InputLimits.js';

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

/** The running JSON size of one walk, and its limits. */
interface WalkState {
  size: number;
  readonly limits: InputLimits;
}

function found(kind: ProblemKind): Found {
  return { ...kind, segments: [] };
}

function walk(value: unknown, depth: number, state: WalkState): Found | undefined {
  switch (typeof value) {
    case 'string':
      state.size += value.length + 2;
      break;
    case 'number':
      if (!Number.isFinite(value)) return found({ reason: 'not_json', found: String(value) });
      state.size += 8;
      break;
    case 'boolean':
      state.size += 5;
      break;
    case 'object': {
      if (value === null) {
        state.size += 4;
        break;
      }
      if (depth >= state.limits.maxDepth) return found({ reason: 'too_deep' });
      state.size += 2;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          state.size += 1;
          const problem = walk(value[i], depth + 1, state);
          if (problem !== undefined) {
            problem.segments.push(i);
            return problem;
          }
        }
        break;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return found({ reason: 'not_json', found: 'a class instance' });
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_INPUT_KEYS.has(key)) return found({ reason: 'forbidden_key', key });
        state.size += key.length + 4;
        const problem = walk((value as Record<string, unknown>)[key], depth + 1, state);
        if (problem !== undefined) {
          problem.segments.push(key);
          return problem;
        }
      }
      break;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return found({ reason: 'not_json', found: typeof value });
  }
  return state.size > state.limits.maxBytes ? found({ reason: 'too_large' }) : undefined;
}

/**
 * One walk over the input: its JSON size (strings and keys counted by length plus quotes and
 * separators, so the figure matches `JSON.stringify` for input without escapes), its depth,
 * forbidden keys and values JSON cannot carry. Paths are only built for a problem found.
 */
function findProblem(input: unknown, limits: InputLimits): Problem | undefined {
  const problem = walk(input, 0, { size: 0, limits });
  if (problem === undefined) return undefined;
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
