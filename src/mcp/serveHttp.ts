import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolExecutor } from '../index.js';
import { ApprovalPages } from './ApprovalPages.js';
import { createBearerCheck } from './createBearerCheck.js';
import { importMcpSdk } from './importMcpSdk.js';
import { isLoopbackHost } from './isLoopbackHost.js';
import {
  assertServeHttpOptions,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  type ServeHttpOptions,
} from './ServeHttpOptions.js';
import { waitForDrain } from './waitForDrain.js';

/** A running {@link serveHttp} server. */
export interface HttpServeHandle {
  /** The MCP endpoint, with the bound port: `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  /** The address bound (`127.0.0.1`, `::1`). */
  readonly host: string;
  /** The port bound: the one picked when the options said 0. */
  readonly port: number;
  /**
   * Stops serving: the port closes and new sessions are refused (503) at once; calls in flight
   * get up to `graceMs` (default 10,000) to finish, then are cancelled through their signal
   * (and get 2 s more to answer); then every session and connection is closed. The executor is left open: close it after.
   */
  close(graceMs?: number): Promise<void>;
}

/** The default time calls in flight get to finish when the server stops. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** How long cancelled calls get to send their answer before their connections are cut. */
const CANCEL_WAIT_MS = 2_000;
/** How long an idle keep-alive connection stays open (the common 65 s: longer than clients keep theirs). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function listen(server: HttpServer, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException): void => {
      const why =
        error.code === 'EADDRINUSE'
          ? 'the address is already in use'
          : error.code === 'EADDRNOTAVAIL'
            ? 'no interface of this machine has that address'
            : error.message;
      reject(new Error(`cannot listen on ${host}:${port}: ${why} (${error.code ?? 'error'}).`, { cause: error }));
    };
    server.once('error', fail).listen(port, host, () => {
      server.off('error', fail);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** The host name of a `Host` header (`[::1]:8080` -> `[::1]`, `localhost:80` -> `localhost`). */
function hostOf(header: string | undefined): string {
  if (header === undefined) return '';
  return header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : (header.split(':')[0] ?? '');
}

/**
 * Without a token, what keeps web pages out: the `Host` must be loopback (DNS rebinding) and so
 * must the `Origin`, when a browser sends one (a page elsewhere posting to localhost).
 */
function isLoopbackRequest(request: IncomingMessage): boolean {
  const { origin } = request.headers;
  if (origin !== undefined && !URL.canParse(origin)) return false;
  return (
    isLoopbackHost(hostOf(request.headers.host)) && (origin === undefined || isLoopbackHost(new URL(origin).hostname))
  );
}

/**
 * Serves `executor`'s tools over MCP Streamable HTTP (the SDK's web-standard transport, served
 * through our own Node adapter) at `/mcp`, one MCP session per `initialize`, with approval by elicitation as on stdio
 * ({@link serveTools}). Every `/mcp` request needs `Authorization: Bearer <token>` (else 401
 * with `WWW-Authenticate`); without a token it only serves a loopback host. `GET /healthz`
 * answers without a token: `200 {"status":"ok"}`, or `503 {"status":"stopping"}` once closing.
 * At most `maxSessions` sessions live at once; past it a new one is refused (503, `Retry-After`).
 * A call needing approval from a client that cannot ask in a form gets an approval page,
 * `GET /approvals/<id>?secret=...` (single use, expiring after 10 minutes, behind its own secret):
 * URL-mode elicitation points the person to it where the client supports it; otherwise the link
 * is in the refusal's text, and the same call made again runs once approved there.
 * An answer is an SSE stream that starts with a priming event (resumable with `Last-Event-ID`),
 * except one complete at once with nothing but the request's response: that goes as a JSON body.
 */
export async function serveHttp(executor: ToolExecutor, options: ServeHttpOptions): Promise<HttpServeHandle> {
  assertServeHttpOptions(options);
  const {
    host,
    port,
    token,
    name,
    version,
    render,
    content,
    sessionIdleMs = DEFAULT_SESSION_IDLE_MS,
    maxSessions = DEFAULT_MAX_SESSIONS,
    jsonResponse = false,
  } = options;
  const authorized = token === undefined ? undefined : createBearerCheck(token);
  // The SDK's HTTP transport is imported when an HTTP server starts.
  const { HttpSessions } = await importMcpSdk('serveHttp', () => import('./HttpSessions.js'));
  const stop = new AbortController();
  let origin = '';
  const approvalPages = new ApprovalPages(() => origin);
  const sessions = new HttpSessions(
    executor,
    {
      ...(name === undefined ? {} : { name }),
      ...(version === undefined ? {} : { version }),
      ...(render === undefined ? {} : { render }),
      ...(content === undefined ? {} : { content }),
    },
    stop.signal,
    sessionIdleMs,
    maxSessions,
    jsonResponse,
    approvalPages,
  );
  const inFlight = new Set<ServerResponse>();
  let stopping = false;

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // `/mcp`, as every MCP request names it, needs no URL parsed (an approval page's does).
    const url = request.url === '/mcp' ? undefined : new URL(request.url ?? '/', 'http://localhost');
    const pathname = url?.pathname ?? '/mcp';
    if (pathname === '/healthz' && request.method === 'GET') {
      sendJson(response, stopping ? 503 : 200, { status: stopping ? 'stopping' : 'ok' });
      return;
    }
    // Behind the page's own secret, which only its link carries (a browser sends no bearer token).
    if (url !== undefined && pathname.startsWith('/approvals/')) {
      await approvalPages.handle(request, response, url);
      return;
    }
    if (pathname !== '/mcp') {
      sendJson(response, 404, { error: 'not_found', message: 'The MCP endpoint is /mcp.' });
      return;
    }
    if (authorized === undefined ? !isLoopbackRequest(request) : !authorized(request.headers.authorization)) {
      const challenge =
        request.headers.authorization === undefined
          ? 'Bearer realm="agentkit-tools"'
          : 'Bearer realm="agentkit-tools", error="invalid_token"';
      if (authorized === undefined)
        sendJson(response, 403, {
          error: 'forbidden',
          message:
            'Without a token this server only answers requests addressed to a loopback host from a loopback origin.',
        });
      else
        sendJson(
          response,
          401,
          { error: 'unauthorized', message: 'Send Authorization: Bearer <token>.' },
          { 'www-authenticate': challenge },
        );
      return;
    }
    if (request.method === 'POST') {
      inFlight.add(response);
      response.once('close', () => inFlight.delete(response));
    }
    // The URL the transport reports to handlers: this server's origin, the path and query asked for.
    const webUrl = `${origin}${url === undefined ? '/mcp' : `${url.pathname}${url.search}`}`;
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      if (!(await sessions.handle(sessionId, request, response, webUrl)))
        sendJson(response, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
      return;
    }
    if (request.method !== 'POST') {
      sendJson(response, 400, {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' },
        id: null,
      });
      return;
    }
    if (stopping) {
      sendJson(response, 503, {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'The server is shutting down.' },
        id: null,
      });
      return;
    }
    await sessions.open(request, response, webUrl);
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, { error: 'internal', message: error instanceof Error ? error.message : String(error) });
      else response.destroy();
    });
  });
  // Idle keep-alive connections stay open longer than clients pool them (Node's fetch keeps an
  // idle socket for the server's hint less a second): with Node's default 5 s, a client that
  // reused a socket after its event loop stalled past 5 s met the server closing it (ECONNRESET).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const address = await listen(server, host, port);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = options.publicUrl === undefined ? `http://${shownHost}:${address.port}` : new URL(options.publicUrl).origin;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
    host: address.address,
    port: address.port,
    close: (graceMs = DEFAULT_SHUTDOWN_GRACE_MS) =>
      (closing ??= (async () => {
        stopping = true;
        const closed = new Promise<void>((resolve) =>
          server.close(() => {
            resolve();
          }),
        );
        server.closeIdleConnections();
        if (!(await waitForDrain(inFlight, graceMs)))
          stop.abort(new Error(`the server is shutting down (calls get ${graceMs} ms to finish)`));
        // Cancelled calls answer at once (the executor does not wait for a tool that ignores its signal).
        await waitForDrain(inFlight, CANCEL_WAIT_MS);
        await sessions.closeAll();
        approvalPages.closeAll();
        server.closeAllConnections();
        await closed;
      })()),
  };
}
