import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Socket } from 'node:net';
import { ProcessTree } from '../../kernel/index.js';
import { buildSandboxArgs, type SandboxLayout } from '../sandbox/buildSandboxArgs.js';
import { SUPERVISOR_SOURCE } from './superviseSandbox.js';
import { isSupervisorMessage, type HostMessage, type SupervisorMessage } from './SupervisorMessage.js';

/** How the host watches a supervisor. */
export interface SupervisorTiming {
  /** While a call runs, how often the host asks the supervisor whether it still answers. */
  readonly pingMs: number;
  /** How long an answer (to a ping, or `ready` after a call) may take before the supervisor counts as hung. */
  readonly answerMs: number;
  /** How long a new supervisor may take to start (node's start-up in the sandbox). */
  readonly startMs: number;
}

/** The defaults: generous, since a loaded machine delays both ends. */
export const SUPERVISOR_TIMING: SupervisorTiming = Object.freeze({ pingMs: 1_000, answerMs: 5_000, startMs: 20_000 });

/** The command of one call, as the supervisor starts it. */
export interface WarmRequest {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

/** What the caller hears about its call; exactly one of them, once. */
export interface WarmCallListener {
  onExit(code: number | null, signal: string | null): void;
  /** The command could not start (the supervisor's spawn error). */
  onFailed(message: string): void;
  /** The supervisor died or stopped answering: the call's processes are gone with its sandbox. */
  onLost(reason: string): void;
}

/** Where a supervisor is in its life; `reserved` is idle but promised to one caller. */
export type SupervisorState = 'starting' | 'idle' | 'reserved' | 'busy' | 'cleaning' | 'dead';

let nextCallId = 0;

/** Where the execute-only copy of node's loader sits in the sandbox (a read-only bind: commands cannot replace it). */
const LOADER_PATH = '/dev/.agentkit-supervisor-loader';

/** The supervisor's one argument: names it in `ps` (and for tests looking for it in `/proc`). */
export const SUPERVISOR_NAME = 'agentkit-sandbox-supervisor';

/**
 * One confined supervisor (see `superviseSandbox`): a bubblewrap sandbox of one layout started
 * once, running one call at a time. It is this process's own child, in a process group of its
 * own, unref'd (it never keeps the host alive) and ends with the host (`--die-with-parent`).
 * A supervisor that dies, retires or stops answering is killed and the call in it ends `onLost`.
 */
export class SandboxSupervisor {
  readonly #child: ChildProcess;
  readonly #tree: ProcessTree;
  readonly #timing: SupervisorTiming;
  readonly #ended: Promise<void>;
  #state: SupervisorState = 'starting';
  #call: { readonly id: number; readonly listener: WarmCallListener } | undefined;
  #waiter: ((ready: boolean) => void) | undefined;
  #waitTimer: NodeJS.Timeout | undefined;
  #pingTimer: NodeJS.Timeout | undefined;
  #heardAt = 0;
  #seq = 0;
  #reason = 'the supervisor exited';
  #stderr = '';
  #everReady = false;
  #onDead: () => void = () => undefined;
  #onStarted: ((ready: boolean) => void) | undefined;
  readonly #started = new Promise<boolean>((resolve) => {
    this.#onStarted = resolve;
  });

  /**
   * Starts the supervisor: `loader` is node's dynamic loader (`readElfInterpreter`). bubblewrap
   * copies it into the sandbox execute-only and node is run through that copy: a program the
   * process cannot read makes it non-dumpable, so the commands (same uid, no capabilities) can
   * neither ptrace it nor open its memory or descriptors under `/proc`. It runs as the sandbox's
   * PID 1, which its commands cannot signal (kill, stop) either.
   */
  public constructor(
    bubblewrap: string,
    loader: string,
    layout: SandboxLayout,
    timing: SupervisorTiming,
    onDead: () => void,
  ) {
    this.#timing = timing;
    const node = [LOADER_PATH, process.execPath, '--max-old-space-size=64', '-e', SUPERVISOR_SOURCE, SUPERVISOR_NAME];
    // The sandbox's own POSIX message queues, made visible so the supervisor can remove what a call left.
    const own = ['--mqueue', '/dev/mqueue', '--as-pid-1', '--perms', '0111', '--ro-bind-data', '4', LOADER_PATH];
    const args = [...buildSandboxArgs({ ...layout, cwd: '/' }), ...own, '--', ...node];
    const loaderFd = openSync(loader, 'r');
    try {
      this.#child = spawn(bubblewrap, args, {
        detached: true,
        env: {},
        stdio: ['ignore', 'ignore', 'pipe', 'ipc', loaderFd],
        windowsHide: true,
      });
    } finally {
      closeSync(loaderFd);
    }
    this.#tree = new ProcessTree(this.#child);
    this.#ended = new Promise((resolve) =>
      this.#child.once('close', () => {
        resolve();
      }),
    );
    this.#onDead = onDead;
    this.#child.once('exit', () => {
      this.#die(`${this.#reason}${this.#stderr === '' ? '' : ` (${this.#stderr.trim()})`}`);
    });
    this.#child.on('error', (error) => {
      this.#die(`the supervisor failed: ${error.message}`);
    });
    this.#child.on('disconnect', () => {
      this.#die(this.#reason);
    });
    this.#child.on('message', (message) => {
      this.#hear(message);
    });
    this.#child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-500);
    });
    this.#child.unref();
    this.#child.channel?.unref();
    (this.#child.stderr as Socket | null)?.unref();
    this.#wait(timing.startMs, 'the supervisor did not start', () => undefined);
  }

  public get state(): SupervisorState {
    return this.#state;
  }

  /** Whether it ever got ready (a supervisor that never does counts as a failed start). */
  public get everReady(): boolean {
    return this.#everReady;
  }

  /** Settles once the supervisor got ready the first time (true) or died before (false). */
  public get started(): Promise<boolean> {
    return this.#started;
  }

  /** Settles once the supervisor's process has exited and been reaped. */
  public get ended(): Promise<void> {
    return this.#ended;
  }

  /** Takes an idle supervisor for one caller (true), or fails (false): synchronous, so no other caller gets it. */
  public reserve(): boolean {
    if (this.#state !== 'idle') return false;
    this.#state = 'reserved';
    return true;
  }

  /** Gives a reserved supervisor back unused (the call ran cold after all). */
  public release(): void {
    if (this.#state === 'reserved') this.#state = 'idle';
  }

  /**
   * Waits (at most `limitMs`) for a supervisor that is starting, or cleaning up after a call, and
   * reserves it; false when it died, hung or took longer (then it stays free for later calls).
   */
  public reserveWhenReady(limitMs = this.#timing.answerMs): Promise<boolean> {
    if ((this.#state !== 'cleaning' && this.#state !== 'starting') || this.#waiter !== undefined)
      return Promise.resolve(this.reserve());
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiter = undefined;
        resolve(false);
      }, limitMs);
      this.#waiter = (ready) => {
        clearTimeout(timer);
        resolve(ready);
      };
    });
  }

  /**
   * Runs one command on a reserved supervisor: hands it the command and its two output sockets
   * (they are closed here once sent). Returns the function that signals everything the call started.
   */
  public run(
    request: WarmRequest,
    stdout: Socket,
    stderr: Socket,
    listener: WarmCallListener,
  ): (signal: NodeJS.Signals) => void {
    if (this.#state !== 'reserved') throw new Error(`a ${this.#state} supervisor cannot take a command`);
    const id = ++nextCallId;
    this.#state = 'busy';
    this.#call = { id, listener };
    this.#send({ type: 'run', id, ...request }, stdout);
    this.#send({ type: 'stderr', id }, stderr);
    this.#heardAt = performance.now();
    this.#pingTimer = setInterval(() => {
      this.#ping();
    }, this.#timing.pingMs).unref();
    return (signal) => {
      this.#send({ type: 'signal', id, signal });
    };
  }

  /** Ends the supervisor (and with it its sandbox and whatever runs there). */
  public kill(reason: string): Promise<void> {
    this.#reason = reason;
    // Whoever awaits its end (close()) must hear of it: an unref'd child let the loop empty first,
    // leaving that await unsettled (a host's top-level await then exits 13). Killed, it ends at once.
    this.#child.ref();
    (this.#child.stderr as Socket | null)?.ref();
    this.#tree.signal('SIGKILL');
    this.#die(reason); // at once: the call in it ends now, and it leaves its pool
    return this.#ended;
  }

  #send(message: HostMessage, handle?: Socket): void {
    if (this.#state === 'dead' || !this.#child.connected) return;
    this.#child.send(message, handle, () => undefined);
  }

  #ping(): void {
    if (performance.now() - this.#heardAt <= this.#timing.answerMs) {
      this.#send({ type: 'ping', seq: ++this.#seq });
      return;
    }
    // Read what already arrived before deciding (a stalled host reads its channel late).
    setImmediate(() => {
      if (performance.now() - this.#heardAt > this.#timing.answerMs)
        void this.kill(`the supervisor stopped answering for ${this.#timing.answerMs} ms`);
    });
  }

  #wait(limitMs: number, reason: string, onTimeout: () => void): void {
    clearTimeout(this.#waitTimer);
    this.#waitTimer = setTimeout(() => {
      onTimeout();
      void this.kill(reason);
    }, limitMs).unref();
  }

  #hear(value: unknown): void {
    this.#heardAt = performance.now();
    if (!isSupervisorMessage(value)) return;
    const message: SupervisorMessage = value;
    const call = this.#call;
    switch (message.type) {
      case 'ready':
        if (this.#state !== 'starting' && this.#state !== 'cleaning') return;
        clearTimeout(this.#waitTimer);
        this.#everReady = true;
        this.#onStarted?.(true);
        this.#state = this.#waiter === undefined ? 'idle' : 'reserved';
        this.#settleWaiter(true);
        return;
      case 'failed':
      case 'exit':
        if (call?.id !== message.id) return;
        this.#call = undefined;
        clearInterval(this.#pingTimer);
        this.#state = 'cleaning';
        this.#wait(
          this.#timing.answerMs,
          `the supervisor did not get ready again within ${this.#timing.answerMs} ms`,
          () => {
            this.#settleWaiter(false);
          },
        );
        if (message.type === 'exit') call.listener.onExit(message.code, message.signal);
        else call.listener.onFailed(message.message);
        return;
      case 'retire':
        this.#reason = `the supervisor retired: ${message.reason}`;
        return;
      case 'started':
      case 'pong':
        return;
    }
  }

  #settleWaiter(ready: boolean): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.(ready);
  }

  #die(reason: string): void {
    if (this.#state === 'dead') return;
    this.#state = 'dead';
    clearInterval(this.#pingTimer);
    clearTimeout(this.#waitTimer);
    this.#tree.signal('SIGKILL');
    this.#settleWaiter(false);
    this.#onStarted?.(false);
    this.#onDead();
    const call = this.#call;
    this.#call = undefined;
    call?.listener.onLost(reason);
  }
}
