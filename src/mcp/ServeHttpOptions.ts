import { ToolConfigurationError } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { isLoopbackHost } from './isLoopbackHost.js';
import type { ServeToolsOptions } from './serveTools.js';

/** Where and how {@link serveHttp} listens. Each MCP session gets its own `sessionId`. */
export interface ServeHttpOptions extends Pick<ServeToolsOptions, 'name' | 'version' | 'render' | 'content'> {
  /** An IP literal or hostname. */
  readonly host: string;
  /** 0 picks a free port: read the bound one from the returned handle. */
  readonly port: number;
  /**
   * The bearer token every request to `/mcp` must carry (`Authorization: Bearer <token>`), at
   * least 16 characters. Required unless `noAuth` is true on a loopback host.
   */
  readonly token?: string;
  /** Serves without a token: refused unless `host` is loopback; the `Host` header must then be loopback too (DNS rebinding). */
  readonly noAuth?: boolean;
  /** A session with no open request for this long is closed (the client must initialize again). Default 30 minutes. */
  readonly sessionIdleMs?: number;
  /**
   * The most MCP sessions live at once (default {@link DEFAULT_MAX_SESSIONS}): past it an
   * `initialize` is refused with HTTP 503 and `Retry-After`, so memory does not grow with clients.
   */
  readonly maxSessions?: number;
  /**
   * Answer each request with one JSON body instead of an SSE stream (default false). Faster for
   * calls that need nothing from the client while they run; but nothing reaches the client
   * before the answer: no approval by elicitation (a call needing approval ends refused, with
   * the approval page's link in its text), no progress or log notifications, no resumption.
   * Without it, a request answered at once with nothing else to send (its response complete in
   * the turn it arrived, no notification or request of its own before) gets that response as a
   * JSON body too, as the protocol allows; any other answer is a resumable SSE stream.
   */
  readonly jsonResponse?: boolean;
  /**
   * The origin people reach this server at (`https://tools.example.com`), for the approval page
   * links (`<publicUrl>/approvals/<id>?secret=...`). Default: the bound address. Behind a proxy
   * or load balancer, give it; approval pages live in the process that issued them.
   */
  readonly publicUrl?: string;
}

/** The default of {@link ServeHttpOptions.maxSessions}: 1,000 sessions. */
export const DEFAULT_MAX_SESSIONS = 1_000;

/** The largest `maxSessions` accepted. */
const MAX_SESSIONS_LIMIT = 1_000_000;

/** The default of {@link ServeHttpOptions.sessionIdleMs}: 30 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 1_800_000;

/** Shortest token accepted: 16 characters; `openssl rand -hex 32` makes a good one. */
export const MIN_TOKEN_LENGTH = 16;

/** Checks the options up front, naming the bad one: above all, no server on the network without a token. */
export function assertServeHttpOptions(options: ServeHttpOptions): void {
  const where = 'serveHttp(executor, options)';
  assertKnownKeys(
    options,
    [
      'host',
      'port',
      'token',
      'noAuth',
      'sessionIdleMs',
      'maxSessions',
      'jsonResponse',
      'publicUrl',
      'name',
      'version',
      'render',
      'content',
    ],
    where,
  );
  const { host, port, token, noAuth, sessionIdleMs, maxSessions, jsonResponse, publicUrl } = options;
  if (
    publicUrl !== undefined &&
    (typeof publicUrl !== 'string' ||
      !URL.canParse(publicUrl) ||
      !['http:', 'https:'].includes(new URL(publicUrl).protocol) ||
      new URL(publicUrl).origin !== publicUrl.replace(/\/$/u, ''))
  )
    throw new ToolConfigurationError(
      `${where}: publicUrl must be an http or https origin without a path (https://tools.example.com); got ${JSON.stringify(publicUrl)}.`,
    );
  if (jsonResponse !== undefined && typeof jsonResponse !== 'boolean')
    throw new ToolConfigurationError(`${where}: jsonResponse must be a boolean; got ${JSON.stringify(jsonResponse)}.`);
  if (
    maxSessions !== undefined &&
    (!Number.isInteger(maxSessions) || maxSessions < 1 || maxSessions > MAX_SESSIONS_LIMIT)
  ) {
    throw new ToolConfigurationError(
      `${where}: maxSessions must be a whole number from 1 to ${MAX_SESSIONS_LIMIT}; ` +
        `got ${JSON.stringify(maxSessions)}.`,
    );
  }
  if (
    sessionIdleMs !== undefined &&
    (!Number.isInteger(sessionIdleMs) || sessionIdleMs < 1 || sessionIdleMs > 2_147_483_647)
  ) {
    throw new ToolConfigurationError(
      `${where}: sessionIdleMs must be a whole number of milliseconds from 1 to 2147483647; got ${JSON.stringify(sessionIdleMs)}.`,
    );
  }
  if (typeof host !== 'string' || host === '')
    throw new ToolConfigurationError(`${where}: host must be a non-empty string; got ${JSON.stringify(host)}.`);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new ToolConfigurationError(
      `${where}: port must be a whole number from 0 to 65535; got ${JSON.stringify(port)}.`,
    );
  if (noAuth !== undefined && typeof noAuth !== 'boolean')
    throw new ToolConfigurationError(`${where}: noAuth must be a boolean; got ${JSON.stringify(noAuth)}.`);
  if (token !== undefined && noAuth === true)
    throw new ToolConfigurationError(`${where}: give a token or noAuth: true, not both.`);
  if (
    token !== undefined &&
    (typeof token !== 'string' || token.length < MIN_TOKEN_LENGTH || !/^[\x21-\x7e]+$/u.test(token))
  ) {
    throw new ToolConfigurationError(
      `${where}: token must be at least ${MIN_TOKEN_LENGTH} printable ASCII characters without spaces (for example the output of \`openssl rand -hex 32\`).`,
    );
  }
  if (token === undefined && noAuth !== true)
    throw new ToolConfigurationError(`${where}: a bearer token is required (or noAuth: true on a loopback host).`);
  if (noAuth === true && !isLoopbackHost(host)) {
    throw new ToolConfigurationError(
      `${where}: refusing to serve ${JSON.stringify(host)} without a token: anyone who can reach it could run tools. Give a token, or listen on a loopback host (127.0.0.1, ::1, localhost).`,
    );
  }
}
