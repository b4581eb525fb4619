import { buildValidationError, type ValidationIssue } from '../buildValidationError.js';
import type { StandardInputSchema, StandardIssue, StandardResult } from './StandardInputSchema.js';

function escapePointer(key: PropertyKey): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A library issue as a validation issue: its path as a JSON Pointer, its code (zod's `code`,
 * valibot's `type`) as the constraint.
 */
function toValidationIssue(issue: StandardIssue): ValidationIssue {
  const segments = (issue.path ?? []).map((segment) =>
    escapePointer(typeof segment === 'object' ? segment.key : segment),
  );
  const extra = issue as { readonly code?: unknown; readonly type?: unknown };
  const constraint =
    typeof extra.code === 'string' ? extra.code : typeof extra.type === 'string' ? extra.type : 'validate';
  return { path: segments.map((segment) => `/${segment}`).join(''), constraint, message: issue.message };
}

function isPromiseLike(value: StandardResult | PromiseLike<StandardResult>): value is PromiseLike<StandardResult> {
  return typeof (value as { readonly then?: unknown }).then === 'function';
}

function readResult(result: StandardResult, toolName: string): unknown {
  if (result.issues !== undefined) throw buildValidationError(toolName, result.issues.map(toValidationIssue));
  return result.value;
}

/**
 * The input a Standard Schema tool's methods get: what the library's own `validate` makes of
 * the JSON input after the JSON Schema accepted it (defaults filled in, transforms applied),
 * so its refinements (`refine`, `check`, ...) hold too. Its issues become one `invalid_input`
 * error in the shape the JSON Schema's have. Later only when the library validates
 * asynchronously (an async refinement).
 * @throws ToolError `invalid_input`
 * @internal
 */
export function parseStandardInput(schema: StandardInputSchema, toolName: string, input: unknown): unknown {
  const result = schema['~standard'].validate(input);
  return isPromiseLike(result)
    ? Promise.resolve(result).then((later) => readResult(later, toolName))
    : readResult(result, toolName);
}
