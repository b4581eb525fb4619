import { AuthRequiredError, type Tool, type ToolSource } from '../index.js';
import type { McpConnection } from './McpConnection.js';
import { McpRemoteTool, type McpRemoteToolOptions } from './McpRemoteTool.js';
import { toRemoteFailure } from './toRemoteFailure.js';

/**
 * One MCP server's tools, for the executor's registry. Loading connects (when the executor is
 * first resolved) and lists every page. A server that answers 401 while loading contributes no
 * tools and records the challenge in {@link authRequired}: the host stores credentials and calls
 * {@link refresh}. Any other loading failure is thrown (the executor names this source).
 */
export class McpToolSource implements ToolSource {
  public readonly id: string;
  readonly #connection: McpConnection;
  readonly #options: McpRemoteToolOptions;
  readonly #listeners = new Set<() => void>();
  #authRequired: AuthRequiredError | undefined;

  public constructor(connection: McpConnection, options: McpRemoteToolOptions) {
    this.id = `mcp server ${connection.id}`;
    this.#connection = connection;
    this.#options = options;
  }

  /** The 401 the last load met, until a load succeeds. */
  public get authRequired(): AuthRequiredError | undefined {
    return this.#authRequired;
  }

  public async loadTools(): Promise<readonly Tool[]> {
    let remote;
    try {
      remote = await this.#connection.listTools();
    } catch (thrown) {
      const failure = toRemoteFailure(thrown, this.#connection.id, 'tools/list');
      if (failure.reset) await this.#connection.reset();
      if (AuthRequiredError.is(failure.error)) {
        this.#authRequired = failure.error;
        return [];
      }
      throw failure.error;
    }
    this.#authRequired = undefined;
    return remote.map((tool) => new McpRemoteTool(this.#connection, tool, this.#options));
  }

  public onToolsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    const unsubscribe = this.#connection.onToolsChanged(listener);
    return () => {
      this.#listeners.delete(listener);
      unsubscribe();
    };
  }

  /** Asks the executor to reload every source (after credentials were stored, say). */
  public refresh(): void {
    for (const listener of this.#listeners) listener();
  }
}
