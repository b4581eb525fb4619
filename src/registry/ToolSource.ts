import type { Tool } from '../decorators/Tool.js';
import type { ToolSpec } from '../spec/ToolSpec.js';

/**
 * Contributes tools that are not `@Tool` classes (MCP servers are one). Bind any number under
 * `TOOL_SOURCE`; the executor loads each when it is first resolved.
 */
export interface ToolSource {
  /** Names the source in error messages (`mcp server github`). */
  readonly id: string;
  /**
   * `true` for a source the host does not control (a remote server): when it fails to load,
   * it contributes no tools; a tool of it that cannot be registered (a name taken by another
   * tool, a name two of its tools share, an invalid name, a schema that does not compile) is
   * left out. Either way the executor is still created and the observer hears
   * `onSourceError`. Default `false`: such mistakes reject the executor's resolution.
   */
  readonly optional?: boolean;
  /**
   * `true` for a source whose tools are made from the others' (code mode's `code_run`
   * describes the tools a script may call): it loads after every other source, at each
   * reload too, and `loadTools` is handed the specs of every tool registered before it. Its
   * tools are registered as a required source's: a name taken already rejects the build.
   */
  readonly composesTools?: boolean;
  /**
   * The source's tools now (called at the first resolution and at every reload). A source
   * that `composesTools` is given the specs of the tools registered before it.
   */
  loadTools(registered?: readonly ToolSpec[]): readonly Tool[] | Promise<readonly Tool[]>;
  /**
   * Optional: call `listener` when the source's tool set changed; the executor then reloads
   * every source and swaps its registry atomically. The listener's promise settles (never
   * rejects) when that reload is done. Returns an unsubscribe function.
   */
  onToolsChanged?(listener: () => void | Promise<void>): () => void;
  /**
   * Optional, for `optional` sources: told after each registry build which of the tools it
   * loaded were left out and why (an empty list when every one was registered).
   */
  onToolsOmitted?(errors: readonly Error[]): void;
  /** Optional: releases what the source holds (connections, processes); called by `executor.close()`. */
  close?(): void | Promise<void>;
}
