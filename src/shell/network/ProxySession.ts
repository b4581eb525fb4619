import { createServer, type Server, type Socket } from 'node:net';
import type { ProxyTarget } from './readProxyTarget.js';

/** Why the proxy refused a host: not in the allow list, or an allowed name that resolves to this machine or its link. */
export type ProxyRefusalReason = 'not_allowed' | 'local_address';

/** A host the proxy refused during one call (its `metadata.refusedHosts`), each `host:port` once. */
export interface RefusedHost {
  readonly host: string;
  readonly port: number;
  readonly reason: ProxyRefusalReason;
  /** How many requests for it were refused. */
  readonly count: number;
}

/** Distinct refused hosts kept per call (the rest only counted in `refusedOthers`). */
const MAX_REFUSED_HOSTS = 32;
/** Connections one call may hold open through the proxy at once (client and upstream sides); more are closed. */
const MAX_SOCKETS = 256;

/**
 * The proxy as one call sees it: a Unix socket of its own (bound into that call's sandbox), so
 * every connection that arrives there is known to be this call's, whatever the client sends.
 * Records what was refused; closing it stops listening, removes the socket and ends every
 * connection still open (tunnels included).
 */
export class ProxySession {
  readonly #listener: Server;
  readonly #sockets = new Set<Socket>();
  readonly #refused = new Map<string, RefusedHost>();
  #refusedOthers = 0;
  #closed = false;

  /** `accept` hands each connection (already tracked) to the proxy's HTTP server. */
  public constructor(
    public readonly socketPath: string,
    accept: (socket: Socket, session: ProxySession) => void,
  ) {
    this.#listener = createServer({ allowHalfOpen: true }, (socket) => {
      if (this.track(socket)) accept(socket, this);
    });
  }

  /** Starts listening on `socketPath`. */
  public listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#listener.once('error', reject);
      this.#listener.listen(this.socketPath, () => {
        this.#listener.off('error', reject);
        resolve();
      });
    });
  }

  /** Keeps `socket` to end it with the call; `false` (and the socket destroyed) past the cap or after close. */
  public track(socket: Socket): boolean {
    if (this.#closed || this.#sockets.size >= MAX_SOCKETS) {
      socket.destroy();
      return false;
    }
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    return true;
  }

  public refuse(target: ProxyTarget, reason: ProxyRefusalReason): void {
    if (this.#closed) return;
    const key = `${target.host} ${String(target.port)}`;
    const known = this.#refused.get(key);
    if (known !== undefined) this.#refused.set(key, { ...known, count: known.count + 1 });
    else if (this.#refused.size < MAX_REFUSED_HOSTS)
      this.#refused.set(key, { host: target.host, port: target.port, reason, count: 1 });
    else this.#refusedOthers++;
  }

  /** What was refused so far, in the order first refused. */
  public get refusedHosts(): readonly RefusedHost[] {
    return [...this.#refused.values()];
  }

  /** Requests refused for hosts past the first {@link MAX_REFUSED_HOSTS}. */
  public get refusedOthers(): number {
    return this.#refusedOthers;
  }

  /**
   * Stops listening (the socket file goes at once) and ends every connection. Idempotent, and
   * never waits on a connection: the call that closes it must not hang.
   */
  public close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#listener.close();
    for (const socket of this.#sockets) socket.destroy();
  }
}
