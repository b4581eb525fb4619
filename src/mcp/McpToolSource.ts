import { AuthRequiredError, ToolConfigurationError, type Tool, type ToolSource } from '../index.js';
import type { McpConnection } from './McpConnection.js';
import { McpRemoteTool, type McpRemoteToolOptions } from './McpRemoteTool.js';
import type { McpServerStatus } from './McpServerStatus.js';
import { toRemoteFailure } from './toRemoteFailure.js';

/**
 * One MCP server's tools, for the executor's registry. Loading connects (when the executor is
 * first resolved) and lists every page. The source is `optional`: a server that cannot be
 * reached or listed contributes no tools, and a tool of it that cannot be registered (a name
 * collision, a schema that does not compile) is left out while its other tools serve; the
 * executor is created either way, its observer hears `onSourceError`, and {@link status} says
 * what happened. A 401 (state `auth_required`, reported too) records the challenge in
 * {@link authRequired}: the host stores credentials and calls {@link refresh}, which also
 * retries a failed server.
 */
export class McpToolSource implements ToolSource {
  /** `mcp server <id>`. */
  public readonly id: string;
  /** Always `true`: a remote server that fails leaves the executor running without its tools. */
  public readonly optional = true;
  readonly #connection: McpConnection;
  readonly #options: McpRemoteToolOptions;
  readonly #listeners = new Set<() => void | Promise<void>>();
  #authRequired: AuthRequiredError | undefined;
  #status: McpServerStatus;

  /** @internal Built by `McpClientRegistry`, one per configured server. */
  public constructor(connection: McpConnection, options: McpRemoteToolOptions) {
    this.id = `mcp server ${connection.id}`;
    this.#connection = connection;
    this.#options = options;
    this.#status = { id: connection.id, state: 'idle' };
  }

  /** The 401 the last load met, until a load succeeds. */
  public get authRequired(): AuthRequiredError | undefined {
    return this.#authRequired;
  }

  /** Where this server stands (see {@link McpServerStatus}). */
  public get status(): McpServerStatus {
    return this.#connection.closed ? { id: this.#connection.id, state: 'closed' } : this.#status;
  }

  /** Connects (once) and lists the server's tools as proxies. */
  public async loadTools(): Promise<readonly Tool[]> {
    const id = this.#connection.id;
    this.#status = { id, state: 'loading' };
    let remote;
    try {
      remote = await this.#connection.listTools();
    } catch (thrown) {
      const failure = toRemoteFailure(thrown, id, 'tools/list', this.#connection.challenge);
      if (failure.reset) await this.#connection.reset();
      if (AuthRequiredError.is(failure.error)) {
        this.#authRequired = failure.error;
        this.#status = { id, state: 'auth_required', error: failure.error };
      } else {
        this.#status = { id, state: 'failed', error: failure.error };
      }
      // An optional source: the executor leaves its tools out and tells the observer why.
      throw failure.error;
    }
    this.#authRequired = undefined;
    this.#status = { id, state: 'ready' };
    return remote.map((tool) => new McpRemoteTool(this.#connection, tool, this.#options));
  }

  /** Told by the executor which listed tools it left out: the server is then `degraded`. */
  public onToolsOmitted(errors: readonly Error[]): void {
    const id = this.#connection.id;
    if (this.#status.state !== 'ready' && this.#status.state !== 'degraded') return;
    if (errors.length === 0) {
      this.#status = { id, state: 'ready' };
      return;
    }
    const error = new ToolConfigurationError(
      `MCP server "${id}": ${errors.length} of its tools ${errors.length === 1 ? 'is' : 'are'} left out. ${errors.map((entry) => entry.message).join(' ')}`,
      { cause: errors.length === 1 ? errors[0] : new AggregateError(errors) },
    );
    this.#status = { id, state: 'degraded', error };
  }

  /** Calls `listener` when the server says its tool list changed; returns an unsubscribe function. */
  public onToolsChanged(listener: () => void | Promise<void>): () => void {
    this.#listeners.add(listener);
    const unsubscribe = this.#connection.onToolsChanged(() => void listener());
    return () => {
      this.#listeners.delete(listener);
      unsubscribe();
    };
  }

  /**
   * Asks the executor to reload every source (after credentials were stored, or to retry a
   * server that failed); resolves when that reload is done. A closed source does nothing.
   */
  public async refresh(): Promise<void> {
    if (this.#connection.closed) return;
    await Promise.all([...this.#listeners].map(async (listener) => listener()));
  }

  /** Closes the server's connection for good (its process tree is killed). */
  public close(): Promise<void> {
    this.#listeners.clear();
    return this.#connection.close();
  }
}
