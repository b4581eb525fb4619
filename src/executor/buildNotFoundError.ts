import { ToolError } from '../errors/ToolError.js';

const LISTED = 20;

/** The `not_found` error for an unknown tool name, listing what exists. */
export function buildNotFoundError(toolName: unknown, names: readonly string[]): ToolError {
  const shown = names.slice(0, LISTED).join(', ');
  const more = names.length > LISTED ? `, and ${names.length - LISTED} more` : '';
  return new ToolError(
    'not_found',
    names.length === 0
      ? `No tool named \`${String(toolName)}\`: no tools are registered.`
      : `No tool named \`${String(toolName)}\`. Available tools: ${shown}${more}. Call one of those by its exact name.`,
    { toolName: typeof toolName === 'string' ? toolName : null },
  );
}
