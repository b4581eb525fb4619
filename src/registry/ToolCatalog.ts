import type { Tool } from '../decorators/Tool.js';
import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import { registerOptionalTools, type SourcedTool } from './registerOptionalTools.js';
import { ToolRegistry } from './ToolRegistry.js';
import type { ToolSource } from './ToolSource.js';
import type { ToolSpec } from '../spec/ToolSpec.js';

/**
 * Hears a source that failed to load, or a tool of an optional source that was left out.
 */
export type SourceErrorReporter = (sourceId: string, error: Error) => void;

const IGNORE: SourceErrorReporter = () => undefined;

function toError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/** One source's tools: a required source's failure throws, naming it; an optional one's is reported. */
async function loadSource(
  source: ToolSource,
  report: SourceErrorReporter,
  registered?: readonly ToolSpec[],
): Promise<readonly Tool[]> {
  try {
    return await (registered === undefined ? source.loadTools() : source.loadTools(registered));
  } catch (error) {
    if (source.optional === true) {
      report(source.id, toError(error));
      return [];
    }
    throw new ToolConfigurationError(`Tool source "${source.id}" failed to load its tools: ${toError(error).message}`, {
      cause: error,
    });
  }
}

/**
 * A frozen registry of `tools` plus every source's tools, each registered under its source's id
 * (unless it names its own). Mistakes of required sources throw; optional sources (remote
 * servers) lose the tools that cannot be registered, and each such tool, like each failed load,
 * is reported to `report` and to its source. Sources that compose tools load last, in order,
 * each handed the specs registered before it.
 */
export async function buildRegistry(
  tools: readonly Tool[],
  allSources: readonly ToolSource[],
  report: SourceErrorReporter = IGNORE,
): Promise<ToolRegistry> {
  const registry = new ToolRegistry().registerAll(tools);
  const sources = allSources.filter((source) => source.composesTools !== true);
  const loaded = await Promise.all(sources.map((source) => loadSource(source, report)));
  const optional: SourcedTool[] = [];
  loaded.forEach((offered, index) => {
    const source = sources[index] as ToolSource;
    for (const tool of offered) {
      if (source.optional === true) optional.push({ sourceId: source.id, tool });
      else registry.register(tool, source.id);
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
  for (const source of allSources) {
    if (source.composesTools !== true) continue;
    for (const tool of await loadSource(source, report, registry.specs())) registry.register(tool, source.id);
  }
  return registry.freeze();
}

/**
 * The tools an executor serves and the sources behind them: the registry serving now (frozen),
 * rebuilt whole when a source says its tool set changed, and the sources closed with it. One
 * reload runs at a time; changes heard meanwhile share one more, started when it ends, so a
 * storm of `list_changed` costs two reloads, not one per notification. A failed reload keeps the
 * last good registry serving; `report` hears why (as `registry reload`), and hears the tools a
 * reload left out once the registry they were left out of serves.
 */
export class ToolCatalog {
  #registry: ToolRegistry;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  #closed: Promise<void> | undefined;
  readonly #unsubscribes: (() => void)[] = [];

  private constructor(
    registry: ToolRegistry,
    private readonly tools: readonly Tool[],
    private readonly sources: readonly ToolSource[],
    private readonly report: (sourceId: string, error: Error) => void,
  ) {
    this.#registry = registry.freeze();
  }

  /** Loads `tools` and every source's, then listens to the sources that announce changes. */
  public static async load(
    tools: readonly Tool[],
    sources: readonly ToolSource[],
    report: (sourceId: string, error: Error) => void = IGNORE,
  ): Promise<ToolCatalog> {
    const catalog = new ToolCatalog(await buildRegistry(tools, sources, report), tools, sources, report);
    const refresh = (): Promise<void> => catalog.refresh();
    for (const source of sources) {
      const unsubscribe = source.onToolsChanged?.(refresh);
      if (unsubscribe !== undefined) catalog.#unsubscribes.push(unsubscribe);
    }
    return catalog;
  }

  /** The registry serving now; a call looks its tool up here once, at its start. */
  public get registry(): ToolRegistry {
    return this.#registry;
  }

  /** Rebuilds the registry from the sources (coalesced, see above); settles, never rejects, when done. */
  public refresh(): Promise<void> {
    if (this.#closed !== undefined) return Promise.resolve();
    if (this.#running === undefined) {
      this.#running = this.#reload().finally(() => {
        this.#running = undefined;
      });
      return this.#running;
    }
    this.#next ??= this.#running.then(() => {
      this.#next = undefined;
      return this.refresh();
    });
    return this.#next;
  }

  /** Stops listening to the sources, then closes every source that holds something. Idempotent. */
  public close(): Promise<void> {
    this.#closed ??= (async () => {
      for (const unsubscribe of this.#unsubscribes.splice(0)) unsubscribe();
      await Promise.allSettled(this.sources.map(async (source) => source.close?.()));
    })();
    return this.#closed;
  }

  #reload(): Promise<void> {
    const heard: [string, Error][] = [];
    return buildRegistry(this.tools, this.sources, (sourceId, error) => heard.push([sourceId, error])).then(
      (registry) => {
        this.#registry = registry;
        for (const [sourceId, error] of heard) this.report(sourceId, error);
      },
      (error: unknown) => {
        this.report('registry reload', toError(error));
      },
    );
  }
}
