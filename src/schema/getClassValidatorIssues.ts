import type { ValidationError } from 'class-validator';
import type { ValidationIssue } from './buildValidationError.js';

/** Flattens class-validator's error tree into issues with JSON Pointer paths. */
export function getClassValidatorIssues(errors: readonly ValidationError[], parentPath = ''): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const path = `${parentPath}/${error.property}`;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      issues.push({ path, constraint, message });
    }
    if (error.children !== undefined && error.children.length > 0) {
      issues.push(...getClassValidatorIssues(error.children, path));
    }
  }
  return issues;
}
