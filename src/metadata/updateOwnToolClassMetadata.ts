import { getToolClassMetadata } from './getToolClassMetadata.js';
import { TOOL_CLASS_METADATA } from './TOOL_CLASS_METADATA.js';
import type { ToolClassMetadata } from './ToolClassMetadata.js';

/**
 * Every write of tool metadata goes through here: reads what `target` has (its own or
 * inherited), lets `update` derive the new aggregate, and defines it on `target` itself.
 */
export function updateOwnToolClassMetadata(
  target: object,
  update: (current: ToolClassMetadata) => ToolClassMetadata,
): void {
  const current = getToolClassMetadata(target) ?? {};
  Reflect.defineMetadata(TOOL_CLASS_METADATA, update(current), target);
}
