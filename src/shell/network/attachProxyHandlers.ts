import {
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Semaphore } from '../running/Semaphore.js';
import { isHostAllowed, type HostPattern } from './HostPattern.js';
import type { ProxySession } from './ProxySession.js';
import { readConnectTarget, readHttpTarget, type ProxyTarget } from './readProxyTarget.js';
import { resolveProxyTarget, type ProxyConnectTo } from './resolveProxyTarget.js';

/** What the handlers need from the proxy. */
export interface ProxyHandlerContext {
  readonly patterns: readonly HostPattern[];
  readonly connectTo: ProxyConnectTo | undefined;
  /** Name lookups at once (they take threads of libuv's pool, which the host's file work shares). */
  readonly lookups: Semaphore;
  /** The call a client connection belongs to (`undefined`: not one of ours, closed). */
  sessionOf(socket: Duplex): ProxySession | undefined;
}

/** Headers that describe one hop (RFC 9110 7.6.1), never forwarded; with those `Connection` names. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
const USAGE =
  "This is the sandbox's HTTP proxy: send absolute http:// URLs (HTTP_PROXY) or CONNECT host:port (HTTPS_PROXY).";

function stripHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const listed = (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name) && !listed.includes(name)),
  );
}

function describeRefusal(target: ProxyTarget, reason: 'not_allowed' | 'local_address'): string {
  const named = `${target.host}:${String(target.port)}`;
  return reason === 'not_allowed'
    ? `${named} is not in this sandbox's allowed hosts (shellTools({ network: { allow } })); nothing was sent.\n`
    : `${named} resolves to an address of this machine or its link, which the sandbox's proxy does not reach by name; nothing was sent.\n`;
}

/** Answers on a raw (CONNECT) connection and closes it. */
function replyRaw(socket: Duplex, status: string, text: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${String(Buffer.byteLength(text))}\r\nConnection: close\r\n\r\n${text}`,
  );
}

function reply(res: ServerResponse, status: number, text: string): void {
  res
    .writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      connection: 'close',
    })
    .end(text);
}

type Checked = { readonly address: string; readonly port: number } | { readonly status: number; readonly text: string };

/** Checks `target` against the patterns and resolves it; a refusal is recorded on the session. */
async function check(context: ProxyHandlerContext, session: ProxySession, target: ProxyTarget): Promise<Checked> {
  if (!isHostAllowed(context.patterns, target.host, target.port)) {
    session.refuse(target, 'not_allowed');
    return { status: 403, text: describeRefusal(target, 'not_allowed') };
  }
  const release = await context.lookups.acquire();
  const resolution = await resolveProxyTarget(target, context.connectTo).finally(release);
  if ('failed' in resolution) return { status: 502, text: `${resolution.failed}.\n` };
  if ('refused' in resolution) {
    session.refuse(target, resolution.refused);
    return { status: 403, text: describeRefusal(target, resolution.refused) };
  }
  return resolution;
}

async function tunnel(
  context: ProxyHandlerContext,
  session: ProxySession,
  req: IncomingMessage,
  client: Duplex,
  head: Buffer,
): Promise<void> {
  const target = readConnectTarget(req.url ?? '');
  if (target === undefined) {
    replyRaw(client, '400 Bad Request', `CONNECT needs host:port. ${USAGE}\n`);
    return;
  }
  const checked = await check(context, session, target);
  if ('status' in checked) {
    replyRaw(client, checked.status === 403 ? '403 Forbidden' : '502 Bad Gateway', checked.text);
    return;
  }
  const upstream: Socket = connect({ host: checked.address, port: checked.port, allowHalfOpen: true });
  if (!session.track(upstream)) {
    client.destroy();
    return;
  }
  let connected = false;
  client.on('error', () => upstream.destroy());
  client.once('close', () => upstream.destroy());
  // Before the tunnel is up, the error handler answers 502 (and ends the client itself).
  upstream.once('close', () => {
    if (connected) client.destroy();
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (!connected)
      replyRaw(
        client,
        '502 Bad Gateway',
        `${target.host}:${String(target.port)} could not be reached (${error.code ?? error.message}).\n`,
      );
  });
  upstream.once('connect', () => {
    connected = true;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
}

async function forward(
  context: ProxyHandlerContext,
  session: ProxySession,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const target = readHttpTarget(req.url ?? '');
  if (target === undefined) {
    reply(res, 400, `${USAGE} A URL with a user part (http://user@host/) is refused.\n`);
    return;
  }
  const checked = await check(context, session, target);
  if ('status' in checked) {
    reply(res, checked.status, checked.text);
    return;
  }
  const upstream = request({
    host: checked.address,
    port: checked.port,
    method: req.method,
    path: target.path,
    headers: { ...stripHopByHop(req.headers), host: target.authority },
    agent: false,
  });
  upstream.once('socket', (socket) => session.track(socket));
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, stripHopByHop(answer.headers));
    answer.pipe(res);
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) res.destroy();
    else
      reply(res, 502, `${target.host}:${String(target.port)} could not be reached (${error.code ?? error.message}).\n`);
  });
  req.pipe(upstream);
}

/**
 * Makes `server` an HTTP proxy for the calls whose sessions hand it connections: `CONNECT
 * host:port` tunnels (HTTPS, and anything else over TCP) and absolute-URI plain HTTP requests,
 * each only to an allowed host, resolved and connected here. A refused host gets `403` with the
 * reason and is recorded on the call's session; nothing is sent to it.
 */
export function attachProxyHandlers(server: Server, context: ProxyHandlerContext): void {
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const session = context.sessionOf(client);
    if (session === undefined) {
      client.destroy();
      return;
    }
    tunnel(context, session, req, client, head).catch(() => client.destroy());
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const session = context.sessionOf(req.socket);
    if (session === undefined) {
      req.socket.destroy();
      return;
    }
    forward(context, session, req, res).catch(() => res.destroy());
  });
}
