import type { ResolutionContext } from 'inversify';
import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import type { ClassTool } from '../registry/ClassTool.js';
import type { Tool } from '../registry/Tool.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ToolSource } from '../registry/ToolSource.js';

/** Loads one source's tools, naming the source when it fails. */
async function loadSource(source: ToolSource): Promise<readonly Tool[]> {
  try {
    return await source.loadTools();
  } catch (error) {
    throw new ToolConfigurationError(
      `Tool source "${source.id}" failed to load its tools: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** A frozen registry of the class tools plus every source's tools. */
export async function buildRegistry(classTools: readonly ClassTool[], sources: readonly ToolSource[]): Promise<ToolRegistry> {
  const registry = new ToolRegistry().registerAll(classTools);
  const loaded = await Promise.all(sources.map(loadSource));
  loaded.forEach((tools, index) => {
    const source = sources[index] as ToolSource;
    for (const tool of tools) {
      registry.register(tool.source === undefined ? withSource(tool, source.id) : tool);
    }
  });
  return registry.freeze();
}

/**
 * `tool` named after its source: a wrapper forwarding every call to the original, so class
 * instances (methods on the prototype, `#private` state) keep working.
 */
function withSource(tool: Tool, source: string): Tool {
  return {
    spec: tool.spec,
    source,
    ...(tool.schemaStrictness === undefined ? {} : { schemaStrictness: tool.schemaStrictness }),
    ...(tool.maxInputBytes === undefined ? {} : { maxInputBytes: tool.maxInputBytes }),
    ...(tool.timeoutMs === undefined ? {} : { timeoutMs: tool.timeoutMs }),
    ...(tool.parseInput === undefined ? {} : { parseInput: (request) => tool.parseInput?.(request) }),
    ...(tool.proposedRequests === undefined ? {} : { proposedRequests: (request, input) => tool.proposedRequests?.(request, input) ?? [] }),
    ...(tool.invokeOutcome === undefined
      ? {}
      : { invokeOutcome: (request, ctx) => (tool.invokeOutcome as NonNullable<Tool['invokeOutcome']>).call(tool, request, ctx) }),
    invoke: (request, ctx) => tool.invoke(request, ctx),
  };
}

/** The sources bound under `token`, or none. */
export function getSources(context: ResolutionContext, token: symbol): ToolSource[] {
  return context.getAll<ToolSource>(token, { optional: true });
}
