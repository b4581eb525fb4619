import type { Worker } from 'node:worker_threads';
import type { ScriptEnd } from './ScriptEnd.js';
import { WORKER_POOL } from './WorkerPool.js';
import type { FromWorker, ToWorker, WorkerScript } from './WorkerProtocol.js';

/** How long past its deadline a script may keep its worker busy before the worker is ended. */
const GRACE_MS = 100;

let nextId = 0;

/** What the host's side hears from a script while it runs. */
export interface RemoteIsolateListener {
  /** The script called `tools[name](input)`; `index` counts its calls from 0. */
  onCall(index: number, name: string, inputJson: string): void;
  /** The script wrote a `console` line. */
  onConsole(level: string, text: string): void;
  /** The script wrote `count` more lines past `maxConsoleChars`, dropped in the worker. */
  onConsoleDropped(count: number): void;
  /** Something changed: the engine drained, the script ended, or its worker was ended. */
  onChange(): void;
}

/**
 * A script's isolate seen from the host's thread: the `Isolate` runs in its session's worker
 * (see `WorkerPool`, `isolateWorker.ts`), and this side answers its calls and watches its
 * deadline. The engine stops a script past its deadline at its next check; if one long
 * built-in call keeps it from checking, the worker is terminated when the deadline is past by
 * {@link GRACE_MS}, so a script can never hold the host's own thread, or outlive its time by
 * more (the session's other scripts in that worker end with it, `engine_failed`).
 */
export class RemoteIsolate {
  readonly #id = nextId++;
  #end: ScriptEnd | undefined;
  #calls = 0;
  #memoryBytes = 0;
  #consoleDropped = 0;
  /** Messages sent that the worker has not drained yet. */
  #busy = 0;
  /** The worker cannot be trusted with more (it failed, ended, or this script overran). */
  #lost = false;
  #released = false;
  #timer: NodeJS.Timeout | undefined;
  /** What the script did since the engine last drained, heard in order at the drain. */
  readonly #heard: (FromWorker & { readonly type: 'call' | 'console' })[] = [];
  readonly #onMessage = (message: FromWorker): void => {
    if (message.id === this.#id) this.#hear(message);
  };
  readonly #onError = (error: Error): void => {
    this.#fail(`the isolate's worker failed: ${error.message}`);
  };
  readonly #onExit = (): void => {
    this.#fail("the isolate's worker was ended (a script of this session ran past its time)");
  };

  private constructor(
    private readonly worker: Worker,
    private readonly script: WorkerScript,
    private readonly listener: RemoteIsolateListener,
  ) {
    worker.on('message', this.#onMessage);
    worker.on('error', this.#onError);
    worker.on('exit', this.#onExit);
  }

  /** Starts `code` in its session's worker; `deadline` is on `performance.now()`. */
  public static start(
    script: Omit<WorkerScript, 'deadlineEpochMs'> & { readonly deadline: number },
    code: string,
    listener: RemoteIsolateListener,
  ): RemoteIsolate {
    const { deadline, ...rest } = script;
    const given: WorkerScript = { ...rest, deadlineEpochMs: Date.now() + (deadline - performance.now()) };
    const isolate = new RemoteIsolate(WORKER_POOL.take(script.session), given, listener);
    isolate.#send({ type: 'start', id: isolate.#id, script: given, code });
    isolate.#timer = setTimeout(
      () => {
        isolate.#overran();
      },
      Math.max(0, deadline - performance.now()) + GRACE_MS,
    );
    return isolate;
  }

  /** How the script ended, once it has. */
  public get end(): ScriptEnd | undefined {
    return this.#end;
  }

  /** Whether the engine is still running what it was sent. */
  public get busy(): boolean {
    return this.#busy > 0 && this.#end === undefined;
  }

  /** How many tool calls the script made so far. */
  public get calls(): number {
    return this.#calls;
  }

  /** The size of the script's WebAssembly memory when last heard of, in bytes. */
  public get memoryBytes(): number {
    return this.#memoryBytes;
  }

  /** Answers the `index`-th call with the envelope's JSON text. */
  public settle(index: number, envelope: string): void {
    if (this.#end === undefined && !this.#lost) this.#send({ type: 'settle', id: this.#id, index, envelope });
  }

  /** Stops the script at its engine's next check (its host gave up on it). */
  public stop(): void {
    if (!this.#lost) this.worker.postMessage({ type: 'stop', id: this.#id } satisfies ToWorker);
  }

  /**
   * Frees the script's runtime in the worker and gives the worker back to the pool; a worker
   * still running this script (it did not end, or was cut off) is terminated instead.
   */
  public release(): void {
    if (this.#released) return;
    this.#released = true;
    clearTimeout(this.#timer);
    const { session } = this.script;
    if (this.#lost || this.#busy > 0) {
      this.#detach();
      WORKER_POOL.release(session, this.worker, false);
      return;
    }
    this.worker.off('message', this.#onMessage);
    const done = (message: FromWorker): void => {
      if (message.type !== 'released' || message.id !== this.#id) return;
      this.worker.off('message', done);
      this.#detach();
      WORKER_POOL.release(session, this.worker, true);
    };
    this.worker.on('message', done);
    this.worker.postMessage({ type: 'release', id: this.#id } satisfies ToWorker);
  }

  #send(message: ToWorker): void {
    this.#busy++;
    this.worker.postMessage(message);
  }

  #hear(message: FromWorker): void {
    switch (message.type) {
      case 'call':
      case 'console':
        this.#heard.push(message);
        return;
      case 'drained':
        // The calls of one run of the engine are heard together, as the engine made them: none
        // of them waits on the fate of another (a pause found meanwhile), as on the host's thread.
        for (const heard of this.#heard.splice(0)) {
          if (heard.type === 'call') this.listener.onCall(heard.index, heard.name, heard.input);
          else this.listener.onConsole(heard.level, heard.text);
        }
        if (message.consoleDropped > this.#consoleDropped) {
          this.listener.onConsoleDropped(message.consoleDropped - this.#consoleDropped);
          this.#consoleDropped = message.consoleDropped;
        }
        this.#busy = Math.max(0, this.#busy - 1);
        this.#calls = message.calls;
        this.#memoryBytes = message.memoryBytes;
        if (message.end !== undefined) this.#end ??= message.end;
        this.listener.onChange();
        return;
      case 'failed':
        this.#fail(message.message);
        return;
      case 'released':
        return;
    }
  }

  /** The deadline passed by the grace and the engine has not let go: its worker is ended. */
  #overran(): void {
    if (this.#busy === 0 || this.#end !== undefined || this.#lost) return;
    this.#lost = true;
    this.#end = { type: 'interrupted' };
    this.listener.onChange();
  }

  #fail(message: string): void {
    if (this.#lost) return;
    this.#lost = true;
    this.#end ??= { type: 'engine_failed', message };
    this.#busy = 0;
    clearTimeout(this.#timer);
    this.listener.onChange();
  }

  #detach(): void {
    this.worker.off('message', this.#onMessage);
    this.worker.off('error', this.#onError);
    this.worker.off('exit', this.#onExit);
  }
}
