import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ToolExecutor } from '../index.js';
import { ResumableEvents } from './ResumableEvents.js';
import type { ApprovalPages } from './ApprovalPages.js';
import { handleNodeRequest } from './handleNodeRequest.js';
import { MAX_REQUEST_BODY_BYTES } from './readJsonBody.js';
import { connectToolServer, type ServeToolsOptions } from './serveTools.js';

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: Server;
  /** Requests of this session still open (a call's stream, the GET stream). */
  active: number;
  /** Closes the session once it has been idle for `idleMs`. */
  expiry: NodeJS.Timeout | undefined;
  /** When the last open request closed (`undefined` while one is open). */
  idleSince: number | undefined;
}

/** What a client is told to wait when every session is busy (none about to expire): at most 30 s. */
const BUSY_RETRY_AFTER_S = 30;
/** The SSE `retry` every stream announces: how long a client whose stream broke waits before it resumes. */
export const SSE_RETRY_MS = 1_000;

/**
 * The MCP sessions of one HTTP server: each `initialize` opens one (its own SDK transport and
 * `serveTools` server, its `Mcp-Session-Id` also the executor's `sessionId`, so approvals and
 * read tracking stay per session), later requests name it, `DELETE` or {@link closeAll} ends it.
 * Every call follows `signal`: aborting it cancels the calls in flight. A session with no open
 * request for `idleMs` is closed, so clients that vanish without `DELETE` do not pile up. At
 * most `maxSessions` live at once: past it an `initialize` is refused with 503 and `Retry-After`
 * (when the next idle session expires), and nothing is kept for it. Every SSE stream starts with
 * a priming event (an id, `retry`) and its events are kept ({@link ResumableEvents}, bounded), so
 * a client whose stream broke resumes it with `Last-Event-ID`.
 */
export class HttpSessions {
  readonly #sessions = new Map<string, Session>();
  readonly #events = new ResumableEvents();
  /** Sessions being opened (their `initialize` not yet answered): they count against the limit. */
  #opening = 0;

  public constructor(
    private readonly executor: ToolExecutor,
    private readonly options: Pick<ServeToolsOptions, 'name' | 'version' | 'render' | 'content'>,
    private readonly signal: AbortSignal,
    private readonly idleMs: number,
    private readonly maxSessions: number,
    private readonly jsonResponse: boolean,
    private readonly approvalPages: ApprovalPages,
  ) {}

  /** How many sessions are live (or being opened). */
  public get size(): number {
    return this.#sessions.size + this.#opening;
  }

  /** Seconds until a session slot is likely free: when the longest-idle session expires. */
  #retryAfterSeconds(): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const session of this.#sessions.values())
      if (session.idleSince !== undefined && session.idleSince < oldest) oldest = session.idleSince;
    const busy = Math.min(BUSY_RETRY_AFTER_S, Math.ceil(this.idleMs / 1000));
    if (!Number.isFinite(oldest)) return busy;
    return Math.max(1, Math.min(busy, Math.ceil((oldest + this.idleMs - Date.now()) / 1000)));
  }

  /** Counts `response` as open for `session`; the idle clock starts when the last one closes. */
  #track(session: Session, response: ServerResponse): void {
    session.active += 1;
    session.idleSince = undefined;
    clearTimeout(session.expiry);
    response.once('close', () => {
      session.active -= 1;
      if (session.active > 0) return;
      session.idleSince = Date.now();
      session.expiry = setTimeout(() => void session.server.close(), this.idleMs).unref();
    });
  }

  /**
   * Hands the request to the session it names (`url`: its URL as handlers see it); false when
   * there is no such session (the caller answers 404).
   */
  public async handle(
    sessionId: string,
    request: IncomingMessage,
    response: ServerResponse,
    url: string,
  ): Promise<boolean> {
    const session = this.#sessions.get(sessionId);
    if (session === undefined) return false;
    this.#track(session, response);
    await handleNodeRequest(session.transport, request, response, url);
    return true;
  }

  /** A POST without a session: an `initialize` opens a session; anything else is answered by the SDK (400) and nothing is kept. */
  public async open(request: IncomingMessage, response: ServerResponse, url: string): Promise<void> {
    if (this.size >= this.maxSessions) {
      const retryAfter = this.#retryAfterSeconds();
      const message =
        `Too many MCP sessions: this server holds its limit of ${this.maxSessions} live sessions. ` +
        `Retry in ${retryAfter} s (idle sessions close after ${this.idleMs} ms), or end sessions you no longer use with DELETE.`;
      response
        .writeHead(503, { 'content-type': 'application/json', 'retry-after': String(retryAfter) })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
      return;
    }
    const id = randomUUID();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      eventStore: this.#events.forSession(id),
      retryInterval: SSE_RETRY_MS,
      enableJsonResponse: this.jsonResponse,
      maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    });
    this.#opening += 1;
    let server: Server;
    try {
      server = await connectToolServer(
        this.executor,
        transport,
        { ...this.options, sessionId: id, signal: this.signal },
        { approvalPages: this.approvalPages, noElicitation: this.jsonResponse },
      );
    } finally {
      this.#opening -= 1;
    }
    // Known before the answer is written, so a client's next request cannot outrun it.
    const session: Session = { transport, server, active: 0, expiry: undefined, idleSince: undefined };
    this.#sessions.set(id, session);
    const ownClose = server.onclose;
    server.onclose = () => {
      ownClose?.();
      clearTimeout(session.expiry);
      this.#sessions.delete(id);
      this.#events.dropSession(id);
    };
    this.#track(session, response);
    try {
      await handleNodeRequest(transport, request, response, url);
    } finally {
      // The transport takes its session id only when it accepts an `initialize`: whatever went
      // wrong before (a body the client broke off, a failed write), no other session stays open.
      if (transport.sessionId !== id) {
        this.#sessions.delete(id);
        this.#events.dropSession(id);
        await server.close();
      }
    }
  }

  /** Closes every session: their open streams end, clients see the server gone. */
  public async closeAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }
}
