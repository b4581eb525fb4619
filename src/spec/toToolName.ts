import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { getToolNameProblem, type ToolName } from './ToolName.js';

/**
 * Validates `value` as a tool name and returns it branded.
 * @throws ToolDefinitionError when the name breaks the rule.
 */
export function toToolName(value: string, subject = `tool "${value}"`): ToolName {
  const problem = getToolNameProblem(value);
  if (problem !== undefined) {
    throw new ToolDefinitionError(
      subject,
      `invalid tool name: ${problem}.`,
      'Use 1-64 lowercase ASCII letters and digits joined by single ".", "_" or "-", e.g. "fs_read_file" or "github.search".',
    );
  }
  return value as ToolName;
}
