import type { ErrorObject } from 'ajv';
import { ToolError } from '../errors/ToolError.js';
import type { JsonObject } from '../values/JsonValue.js';

/** One failing constraint, machine-readable. */
export interface ValidationIssue extends JsonObject {
  /** JSON Pointer to the failing value (`''` is the whole input). */
  readonly path: string;
  /** The JSON Schema keyword or class-validator constraint that failed. */
  readonly constraint: string;
  readonly message: string;
}

function describeAjvError(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const path = `${error.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      return { path, constraint: 'additionalProperties', message: `unknown property "${key}": remove it` };
    }
    case 'required':
      return {
        path: `${error.instancePath}/${String(params.missingProperty)}`,
        constraint: 'required',
        message: `required property "${String(params.missingProperty)}" is missing`,
      };
    case 'enum':
      return {
        path: error.instancePath,
        constraint: 'enum',
        message: `must be one of ${JSON.stringify(params.allowedValues)}`,
      };
    default:
      return {
        path: error.instancePath,
        constraint: error.keyword,
        message: error.message ?? `fails "${error.keyword}"`,
      };
  }
}

/** Drops the repeats ajv reports for `anyOf` / `oneOf` branches while keeping order. */
function dedupe(issues: readonly ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Turns validation issues into one `invalid_input` error the model can act on. */
export function buildValidationError(toolName: string, issues: readonly ValidationIssue[], what = 'Input'): ToolError {
  const unique = dedupe(issues);
  const lines = unique.map((issue) => `- ${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
  const count = unique.length === 1 ? '1 problem' : `${unique.length} problems`;
  return new ToolError(
    'invalid_input',
    `${what} for tool \`${toolName}\` is invalid (${count}):\n${lines.join('\n')}\nFix these fields and call the tool again.`,
    {
      errors: unique,
    },
  );
}

/** ajv errors as validation issues. */
export function getAjvIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map(describeAjvError);
}
