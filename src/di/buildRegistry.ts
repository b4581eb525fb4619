import type { ResolutionContext } from 'inversify';
import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import type { ClassTool } from '../registry/ClassTool.js';
import type { Tool } from '../contract/Tool.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ToolSource } from '../registry/ToolSource.js';
import { registerOptionalTools, type SourcedTool } from '../registry/registerOptionalTools.js';

/** Hears a source that failed to load, or a tool of an optional source that was left out. */
export type SourceErrorReporter = (sourceId: string, error: Error) => void;

const IGNORE: SourceErrorReporter = () => undefined;

function toError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * Loads one source's tools. A required source's failure throws, naming the source; an
 * optional source's failure is reported and contributes no tools.
 */
async function loadSource(source: ToolSource, report: SourceErrorReporter): Promise<readonly Tool[]> {
  try {
    return await source.loadTools();
  } catch (error) {
    if (source.optional === true) {
      report(source.id, toError(error));
      return [];
    }
    throw new ToolConfigurationError(`Tool source "${source.id}" failed to load its tools: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * A frozen registry of the class tools plus every source's tools. Mistakes of required sources
 * throw; optional sources (remote servers) lose the tools that cannot be registered, and each
 * such tool, like each failed load, is reported to `report` and to its source.
 */
export async function buildRegistry(classTools: readonly ClassTool[], sources: readonly ToolSource[], report: SourceErrorReporter = IGNORE): Promise<ToolRegistry> {
  const registry = new ToolRegistry().registerAll(classTools);
  const loaded = await Promise.all(sources.map((source) => loadSource(source, report)));
  const optional: SourcedTool[] = [];
  loaded.forEach((tools, index) => {
    const source = sources[index] as ToolSource;
    for (const tool of tools) {
      const named = tool.source === undefined ? withSource(tool, source.id) : tool;
      if (source.optional === true) optional.push({ sourceId: source.id, tool: named });
      else registry.register(named);
    }
  });
  const omitted = registerOptionalTools(registry, optional);
  for (const source of sources) {
    if (source.optional !== true) continue;
    const errors = omitted.filter((entry) => entry.sourceId === source.id).map((entry) => entry.error);
    for (const error of errors) report(source.id, error);
    try {
      source.onToolsOmitted?.(errors);
    } catch {
      // A source's bookkeeping never stops the executor.
    }
  }
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
    ...(tool.invokeOutcome === undefined ? {} : { invokeOutcome: (request, ctx) => (tool.invokeOutcome as NonNullable<Tool['invokeOutcome']>).call(tool, request, ctx) }),
    ...(tool.invokeValue === undefined ? {} : { invokeValue: (request, ctx) => (tool.invokeValue as NonNullable<Tool['invokeValue']>).call(tool, request, ctx) }),
    invoke: (request, ctx) => tool.invoke(request, ctx),
  };
}

/** The sources bound under `token`, or none. */
export function getSources(context: ResolutionContext, token: symbol): ToolSource[] {
  return context.getAll<ToolSource>(token, { optional: true });
}
