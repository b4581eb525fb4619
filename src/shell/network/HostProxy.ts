import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { ToolError } from '../../index.js';
import { attachProxyHandlers } from './attachProxyHandlers.js';
import { Semaphore } from '../running/Semaphore.js';
import type { HostPattern } from './HostPattern.js';
import { ProxySession } from './ProxySession.js';
import type { ProxyConnectTo } from './resolveProxyTarget.js';

/** Name lookups one proxy runs at once: libuv's pool has 4 threads, and the host's file work needs them too. */
const MAX_LOOKUPS = 2;

/** Internal options of {@link HostProxy}. */
export interface HostProxyOptions {
  /** Tests: where an allowed `(host, port)` really goes (loopback servers under test names). */
  readonly connectTo?: ProxyConnectTo;
}

/**
 * The host side of `network: { allow }`: one HTTP proxy per shell module, letting through only
 * the allowed hosts (see {@link attachProxyHandlers}). It listens on nothing by itself: each
 * call opens a {@link ProxySession} (a Unix socket of its own in a private 0700 directory,
 * bound into that call's sandbox) and closes it when the call ends, so between calls the proxy
 * holds no handle and the host process exits on its own. `close()` (with the executor) ends
 * the sessions still open and removes the directory.
 */
export class HostProxy {
  readonly #server: Server;
  readonly #sessions = new WeakMap<Duplex, ProxySession>();
  readonly #open = new Set<ProxySession>();
  #dir: Promise<string> | undefined;
  /** Counts `close()` calls: a session whose opening straddled one is closed at once. */
  #generation = 0;

  public constructor(
    public readonly patterns: readonly HostPattern[],
    options: HostProxyOptions = {},
  ) {
    this.#server = createServer();
    attachProxyHandlers(this.#server, {
      patterns,
      connectTo: options.connectTo,
      lookups: new Semaphore(MAX_LOOKUPS),
      sessionOf: (socket) => this.#sessions.get(socket),
    });
  }

  /** The private directory the call sockets are made in (created on first use). */
  #getDirectory(): Promise<string> {
    // mkdtemp makes it 0700: only this user can reach the sockets in it.
    this.#dir ??= mkdtemp(path.join(tmpdir(), 'agentkit-proxy-'));
    return this.#dir;
  }

  /** A session for one call, listening; close it when the call ends. */
  public async openSession(): Promise<ProxySession> {
    const generation = this.#generation;
    const dir = await this.#getDirectory();
    const session = new ProxySession(path.join(dir, `${randomUUID()}.sock`), (socket, owner) => {
      this.#sessions.set(socket, owner);
      this.#server.emit('connection', socket);
    });
    await session.listen();
    if (generation !== this.#generation) {
      session.close();
      throw this.#closedError();
    }
    this.#open.add(session);
    return session;
  }

  /** Ends `session` (see `ProxySession.close`). */
  public closeSession(session: ProxySession): void {
    this.#open.delete(session);
    session.close();
  }

  /**
   * Ends every open session (a session being opened now fails `unavailable`) and removes the
   * directory. A later call opens a new one: a module loaded in two containers keeps working
   * in the other.
   */
  public async close(): Promise<void> {
    this.#generation++;
    const sessions = [...this.#open];
    this.#open.clear();
    for (const session of sessions) session.close();
    const dir = this.#dir;
    this.#dir = undefined;
    await dir?.then(
      (made) => rm(made, { recursive: true, force: true }),
      () => undefined,
    );
  }

  #closedError(): ToolError {
    return new ToolError(
      'unavailable',
      "The shell tools' network proxy was closed with the executor while this command started; nothing was run.",
      {
        reason: 'network_proxy_closed',
      },
    );
  }
}
