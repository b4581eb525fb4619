import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ToolExecutor } from '../index.js';
import { serveTools, type ServeToolsOptions } from './serveTools.js';

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: Server;
}

/**
 * The MCP sessions of one HTTP server: each `initialize` opens one (its own SDK transport and
 * `serveTools` server, its `Mcp-Session-Id` also the executor's `sessionId`, so approvals and
 * read tracking stay per session), later requests name it, `DELETE` or {@link closeAll} ends it.
 * Every call follows `signal`: aborting it cancels the calls in flight.
 */
export class HttpSessions {
  readonly #sessions = new Map<string, Session>();

  public constructor(
    private readonly executor: ToolExecutor,
    private readonly options: Pick<ServeToolsOptions, 'name' | 'version' | 'render'>,
    private readonly signal: AbortSignal,
  ) {}

  public get size(): number {
    return this.#sessions.size;
  }

  /** Hands the request to the session it names; false when there is no such session (the caller answers 404). */
  public async handle(sessionId: string, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const session = this.#sessions.get(sessionId);
    if (session === undefined) return false;
    await session.transport.handleRequest(request, response);
    return true;
  }

  /** A POST without a session: an `initialize` opens a session; anything else is answered by the SDK (400) and nothing is kept. */
  public async open(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = randomUUID();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id });
    const server = await serveTools(this.executor, transport, { ...this.options, sessionId: id, signal: this.signal });
    // Known before the answer is written, so a client's next request cannot outrun it.
    this.#sessions.set(id, { transport, server });
    server.onclose = () => this.#sessions.delete(id);
    await transport.handleRequest(request, response);
    // The transport takes its session id only when it accepts an `initialize`.
    if (transport.sessionId !== id) {
      this.#sessions.delete(id);
      await server.close();
    }
  }

  /** Closes every session: their open streams end, clients see the server gone. */
  public async closeAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }
}
