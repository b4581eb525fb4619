import { ToolDefinitionError } from '../../src/index.js';
import { getToolClassMetadata } from '../../src/metadata/getToolClassMetadata.js';
import type { ToolClassMetadata, ToolDefinition } from '../../src/metadata/ToolClassMetadata.js';

/** What `@Tool` recorded on `target`; throws when it recorded nothing. */
export function getToolDefinition(target: object): ToolDefinition {
  const definition = getToolClassMetadata(target)?.definition;
  if (definition === undefined) throw new Error('The class carries no @Tool definition');
  return definition;
}

export function getToolMetadata(target: object): ToolClassMetadata | undefined {
  return getToolClassMetadata(target);
}

/** The ToolDefinitionError `run` throws; fails when it throws nothing or something else. */
export function definitionErrorOf(run: () => unknown): ToolDefinitionError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw error;
  }
  throw new Error('Expected a ToolDefinitionError');
}
