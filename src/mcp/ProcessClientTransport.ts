import { spawn, type ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ProcessTree } from '../kernel/index.js';

export interface ProcessClientTransportOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** How long a server gets to exit after SIGTERM before SIGKILL, in ms. Default 1 s. */
  readonly killGraceMs?: number;
}

const STDERR_TAIL = 4096;

/**
 * The stdio client transport, with a process of our own: the server runs in its own process
 * group, so closing kills its whole tree (the SDK's transport signals only the direct child),
 * through the kernel's `ProcessTree` and its safeguards (never a group it did not start, never
 * after the server exited and its number may be reused).
 */
export class ProcessClientTransport implements Transport {
  public onclose?: () => void;
  public onerror?: (error: Error) => void;
  public onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: ProcessClientTransportOptions;
  readonly #buffer = new ReadBuffer();
  #child: ChildProcess | undefined;
  #tree: ProcessTree | undefined;
  #exited: Promise<void> = Promise.resolve();
  #closed = false;
  #stderr = '';

  public constructor(options: ProcessClientTransportOptions) {
    this.#options = options;
  }

  /** The server's process id (and process group id) once started. */
  public get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The last few KiB the server wrote to stderr. */
  public get stderr(): string {
    return this.#stderr;
  }

  public start(): Promise<void> {
    if (this.#child !== undefined) throw new Error('ProcessClientTransport already started.');
    const { command, args, env, cwd } = this.#options;
    const child = spawn(command, [...args], {
      env,
      ...(cwd === undefined ? {} : { cwd }),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });
    this.#child = child;
    // Built before any other exit listener: when the server exits, the tree kills what it left in its group.
    this.#tree = new ProcessTree(child);
    // `exit`, not `close`: a process the server left behind may hold its pipes open.
    this.#exited = new Promise((resolve) =>
      child.once('exit', () => {
        resolve();
      }),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      this.#read(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.stdin.on('error', (error) => this.onerror?.(error));
    child.once('exit', () => {
      this.#finish();
    });
    return new Promise((resolve, reject) => {
      child.once('spawn', () => {
        resolve();
      });
      child.once('error', (error) => {
        this.#finish();
        reject(error);
      });
    });
  }

  public send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (this.#closed || stdin === undefined || stdin === null || !stdin.writable) {
      return Promise.reject(new Error('The MCP server process is not running.'));
    }
    // As the SDK's transport does: done once the pipe took the bytes, or after `drain`; a write
    // error reaches `onerror` through stdin's error listener (waiting for each write's callback
    // would add an event-loop turn to every request).
    if (stdin.write(serializeMessage(message))) return Promise.resolve();
    return new Promise((resolve) => stdin.once('drain', resolve));
  }

  /** Ends stdin, then signals the whole process group: SIGTERM, and SIGKILL after the grace period. */
  public async close(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    child.stdin?.end();
    const tree = this.#tree;
    if (tree !== undefined && child.exitCode === null && child.signalCode === null) {
      tree.signal('SIGTERM');
      const timer = setTimeout(() => {
        tree.signal('SIGKILL');
      }, this.#options.killGraceMs ?? 1000);
      // Once the server exits, the tree kills what it left in its group.
      await this.#exited;
      clearTimeout(timer);
    }
    this.#finish();
  }

  #read(chunk: Buffer): void {
    if (this.#closed) return;
    try {
      this.#buffer.append(chunk);
    } catch (error) {
      // A message past the read buffer's cap (10 MiB): the stream is out of step and the calls
      // in flight can never be answered. Closing fails them at once (`connection_closed`)
      // instead of at their timeout, and ends the server; the next call starts a fresh one.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      this.#finish();
      this.close().catch(() => undefined);
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.#buffer.readMessage();
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#buffer.clear();
    this.onclose?.();
  }
}
