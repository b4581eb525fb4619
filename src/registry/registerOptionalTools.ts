import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import type { Tool } from '../decorators/Tool.js';
import type { ToolRegistry } from './ToolRegistry.js';

/** A tool of an optional source, with the id of the source that offered it. */
export interface SourcedTool {
  readonly sourceId: string;
  readonly tool: Tool;
}

/** A tool left out of the registry, and why. */
export interface OmittedTool {
  readonly sourceId: string;
  readonly error: Error;
}

function describe(tool: Tool, sourceId: string): string {
  return tool.source ?? sourceId;
}

/**
 * Registers the tools of optional sources (remote servers) into `registry` without ever
 * throwing: a tool whose name is already taken (a class tool, a required source's tool) is
 * left out; tools that share a name with one another are all left out, so no source can
 * shadow another's tool whatever the order; a tool the registry refuses (invalid name, a schema
 * that does not compile) is left out. Returns every tool left out, with the reason.
 */
export function registerOptionalTools(registry: ToolRegistry, tools: readonly SourcedTool[]): OmittedTool[] {
  const omitted: OmittedTool[] = [];
  const byName = new Map<unknown, SourcedTool[]>();
  for (const entry of tools) {
    // Remote tools come from other processes: `spec` is checked, not trusted.
    const name: unknown = (entry.tool as Partial<Tool>).spec?.name;
    const group = byName.get(name);
    if (group === undefined) byName.set(name, [entry]);
    else group.push(entry);
  }
  for (const [name, group] of byName) {
    if (group.length > 1 && typeof name === 'string') {
      const offered = group.map((entry) => describe(entry.tool, entry.sourceId)).join(' and ');
      for (const entry of group) {
        omitted.push({
          sourceId: entry.sourceId,
          error: new ToolConfigurationError(
            `Tool name "${name}" is offered by ${offered}: all of them are left out, since names must be unique. Rename the tools on their servers, or give the servers ids that cannot collide.`,
          ),
        });
      }
      continue;
    }
    for (const entry of group) {
      const taken = typeof name === 'string' ? registry.getEntry(name) : undefined;
      if (taken !== undefined) {
        omitted.push({
          sourceId: entry.sourceId,
          error: new ToolConfigurationError(
            `Tool name "${name as string}" of ${describe(entry.tool, entry.sourceId)} is taken by ${taken.source}: the remote tool is left out. Rename it on its server, or give the server another id.`,
          ),
        });
        continue;
      }
      try {
        registry.register(entry.tool, entry.sourceId);
      } catch (thrown) {
        omitted.push({ sourceId: entry.sourceId, error: thrown instanceof Error ? thrown : new Error(String(thrown)) });
      }
    }
  }
  return omitted;
}
