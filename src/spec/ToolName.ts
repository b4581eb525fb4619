declare const TOOL_NAME_BRAND: unique symbol;

/**
 * A validated tool name: 1 to 64 characters, lowercase ASCII letters and digits in runs joined
 * by single `.`, `_` or `-`. Because `__` can never occur, provider adapters can map `.` to
 * `__` and back without ambiguity.
 */
export type ToolName = string & { readonly [TOOL_NAME_BRAND]: true };

/**
 * What a tool name must match: lowercase ASCII letters and digits in runs joined by single `.`, `_` or `-`.
 * @internal
 */
export const TOOL_NAME_PATTERN = /^[a-z0-9]+(?:[._-][a-z0-9]+)*$/;
/**
 * The longest tool name, in characters.
 * @internal
 */
export const TOOL_NAME_MAX_LENGTH = 64;

/** True when `value` is a valid tool name. */
export function isToolName(value: unknown): value is ToolName {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= TOOL_NAME_MAX_LENGTH &&
    TOOL_NAME_PATTERN.test(value)
  );
}

/**
 * Why `value` is not a valid tool name, or `undefined` when it is.
 * @internal
 */
export function getToolNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `the name must be a string, got ${typeof value}`;
  if (value.length === 0) return 'the name is empty';
  if (value.length > TOOL_NAME_MAX_LENGTH) {
    return `the name "${value}" is ${value.length} characters long; the limit is ${TOOL_NAME_MAX_LENGTH}`;
  }
  if (!TOOL_NAME_PATTERN.test(value)) {
    return `the name "${value}" is not lowercase ASCII letters and digits joined by single ".", "_" or "-"`;
  }
  return undefined;
}
