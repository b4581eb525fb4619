import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { locatePackageFile } from '../../internal/index.js';

/** The bundled worker (see `isolateWorker.ts`), shipped in the package's assets. */
const WORKER_FILE = 'assets/code-isolate-worker.mjs';

/** How many idle workers are kept, all sessions together. */
const MAX_IDLE = 4;

/** A worker and the scripts running in it. */
interface SessionWorker {
  readonly worker: Worker;
  running: number;
}

let workerUrl: URL | undefined;

/**
 * The workers code mode's isolates run in: one per session with scripts running (its scripts
 * run side by side in it, each in a QuickJS instance of its own), so scripts of two sessions
 * never share a thread, and ending a worker (a script past its time) ends no other session's
 * script. A worker whose scripts all ended is kept for the session's next script; one that
 * never ran a script goes to any session. At most four are kept idle (the oldest ends first);
 * an idle worker never keeps the process alive.
 */
export class WorkerPool {
  readonly #busy = new Map<string, SessionWorker>();
  readonly #idle: { session: string | undefined; worker: Worker }[] = [];

  /** The worker for a new script of `session`; give it back with {@link WorkerPool.release}. */
  public take(session: string): Worker {
    const busy = this.#busy.get(session);
    if (busy !== undefined) {
      busy.running++;
      return busy.worker;
    }
    const index = this.#idle.findIndex((entry) => entry.session === session);
    const fresh = index >= 0 ? index : this.#idle.findIndex((entry) => entry.session === undefined);
    const worker = fresh >= 0 ? (this.#idle.splice(fresh, 1)[0]?.worker as Worker) : this.#spawn();
    worker.ref();
    this.#busy.set(session, { worker, running: 1 });
    return worker;
  }

  /** A script of `session` in `worker` ended; `usable` is false when the worker was terminated. */
  public release(session: string, worker: Worker, usable: boolean): void {
    const busy = this.#busy.get(session);
    if (busy?.worker !== worker) return;
    if (!usable) {
      this.#busy.delete(session);
      void worker.terminate();
      return;
    }
    if (--busy.running > 0) return;
    this.#busy.delete(session);
    worker.unref();
    this.#idle.push({ session, worker });
    if (this.#idle.length > MAX_IDLE) void this.#idle.shift()?.worker.terminate();
  }

  /** Starts one worker ahead of the first script (it compiles QuickJS meanwhile). */
  public prewarm(): void {
    if (this.#idle.length === 0 && this.#busy.size === 0)
      this.#idle.push({ session: undefined, worker: this.#spawn() });
  }

  /** Forgets `worker` (it failed or exited): it is never handed out again. */
  #forget(worker: Worker): void {
    const index = this.#idle.findIndex((entry) => entry.worker === worker);
    if (index >= 0) this.#idle.splice(index, 1);
    for (const [session, busy] of this.#busy) if (busy.worker === worker) this.#busy.delete(session);
  }

  /** A new worker, unreferenced until it runs a script; one that fails or exits leaves the pool. */
  #spawn(): Worker {
    workerUrl ??= pathToFileURL(locatePackageFile(WORKER_FILE, import.meta.url));
    // Plain JavaScript: none of the host's own flags or loaders (a TypeScript loader costs a second).
    const worker = new Worker(workerUrl, { execArgv: [] });
    // Each script running in it listens to it: a session may run any number side by side.
    worker.setMaxListeners(0);
    worker.unref();
    // Always heard (an idle worker's error would otherwise be thrown in the host); the scripts
    // running in it hear it too, and end `engine_failed`.
    worker.on('error', () => {
      this.#forget(worker);
    });
    worker.on('exit', () => {
      this.#forget(worker);
    });
    return worker;
  }
}

/** The process's one pool. */
export const WORKER_POOL = new WorkerPool();
