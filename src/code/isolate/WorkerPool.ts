import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { locatePackageFile } from '../../internal/index.js';

/** The bundled worker (see `isolateWorker.ts`), shipped in the package's assets. */
const WORKER_FILE = 'assets/code-isolate-worker.mjs';

/** How many idle workers are kept, all sessions together. */
const MAX_IDLE = 4;

interface IdleWorker {
  /** The session whose scripts it ran, or `undefined` for one that never ran a script. */
  readonly session: string | undefined;
  readonly worker: Worker;
}

let workerUrl: URL | undefined;

/**
 * The workers code mode's isolates run in, one script at a time each. A worker whose script
 * ended normally is kept for the next script of the same session (the QuickJS instances it
 * keeps are that session's); one that never ran a script goes to any session. At most four are
 * kept idle (the oldest ends first); an idle worker never keeps the process alive.
 */
export class WorkerPool {
  readonly #idle: IdleWorker[] = [];

  /** A worker for a script of `session`. */
  public take(session: string): Worker {
    const index = this.#idle.findIndex((entry) => entry.session === session);
    const fresh = index >= 0 ? index : this.#idle.findIndex((entry) => entry.session === undefined);
    if (fresh >= 0) return (this.#idle.splice(fresh, 1)[0] as IdleWorker).worker;
    return WorkerPool.spawn();
  }

  /** Gives back a worker whose script's runtime was released. */
  public give(session: string | undefined, worker: Worker): void {
    worker.unref();
    this.#idle.push({ session, worker });
    if (this.#idle.length > MAX_IDLE) void this.#idle.shift()?.worker.terminate();
  }

  /** Starts one worker ahead of the first script (it compiles QuickJS meanwhile). */
  public prewarm(): void {
    if (this.#idle.length === 0) this.give(undefined, WorkerPool.spawn());
  }

  /** A new worker, unreferenced until it runs a script. */
  public static spawn(): Worker {
    workerUrl ??= pathToFileURL(locatePackageFile(WORKER_FILE, import.meta.url));
    const worker = new Worker(workerUrl);
    worker.unref();
    return worker;
  }
}

/** The process's one pool. */
export const WORKER_POOL = new WorkerPool();
