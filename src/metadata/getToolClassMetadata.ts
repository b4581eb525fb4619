import { TOOL_CLASS_METADATA } from './TOOL_CLASS_METADATA.js';
import type { ToolClassMetadata } from './ToolClassMetadata.js';

/** The tool metadata of `target` (inherited from a base class when it has none of its own). */
export function getToolClassMetadata(target: object): ToolClassMetadata | undefined {
  return Reflect.getMetadata(TOOL_CLASS_METADATA, target) as ToolClassMetadata | undefined;
}

/** The tool metadata declared on `target` itself. */
export function getOwnToolClassMetadata(target: object): ToolClassMetadata | undefined {
  return Reflect.getOwnMetadata(TOOL_CLASS_METADATA, target) as ToolClassMetadata | undefined;
}
