import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { locatePackageFile } from '../../internal/index.js';
import type { FromSearchWorker, ToSearchWorker } from './SearchWorkerProtocol.js';

/** The bundled worker (see `searchWorker.ts`), shipped in the package's assets. */
const WORKER_FILE = 'assets/fs-search-worker.mjs';

/** Workers that may exit before the pool stops starting new ones. */
const MAX_FAILURES = 3;

let workerUrl: URL | undefined;

/** What a tree search hears from the worker it leased. */
export interface SearchWorkerListener {
  readonly message: (message: FromSearchWorker) => void;
  /** The worker exited (it failed): the batches it had not answered never will be. */
  readonly exit: () => void;
}

/** One worker thread of the {@link SearchWorkerPool}. */
export class SearchWorker {
  #gone = false;
  #listener: SearchWorkerListener | undefined;
  /** Settles when the worker is loaded (true) or exited before (false). */
  public readonly ready: Promise<boolean>;
  #isReady = false;

  public constructor(
    private readonly worker: Worker,
    onGone: (worker: SearchWorker) => void,
  ) {
    worker.unref();
    let settle: (ready: boolean) => void = () => undefined;
    this.ready = new Promise((resolve) => {
      settle = resolve;
    });
    worker.on('message', (message: FromSearchWorker) => {
      if (message.type !== 'ready') this.#listener?.message(message);
      else {
        this.#isReady = true;
        settle(true);
      }
    });
    // Always heard (an idle worker's error would otherwise be thrown in the host); the exit follows.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      this.#gone = true;
      settle(false);
      onGone(this);
      this.#listener?.exit();
    });
  }

  /** Loaded, not exited, and serving no search. */
  public get idle(): boolean {
    return this.#isReady && !this.#gone && this.#listener === undefined;
  }

  /** Serves one search until {@link SearchWorker.release}: keeps the process alive meanwhile. */
  public lease(listener: SearchWorkerListener): void {
    this.#listener = listener;
    this.worker.ref();
  }

  public release(): void {
    this.#listener = undefined;
    if (!this.#gone) this.worker.unref();
  }

  public post(message: ToSearchWorker): void {
    this.worker.postMessage(message);
  }

  /** Ends the thread (its `exit` follows). */
  public terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * The worker threads tree searches read and search files in, beside the thread that walks:
 * started when a search first asks (it goes on by itself meanwhile), each serving one search at
 * a time, never keeping the process alive when idle. None on a single core.
 */
export class SearchWorkerPool {
  readonly #workers: SearchWorker[] = [];
  /** Workers that exited (they should not): past {@link MAX_FAILURES}, none is started again. */
  #failures = 0;
  #closing = false;

  public constructor(private readonly size: number) {}

  /**
   * Up to `count` idle workers, each leased to `listen(worker)` until released; starts the missing
   * ones for later searches (a worker takes a few tens of milliseconds to load).
   */
  public lease(count: number, listen: (worker: SearchWorker) => SearchWorkerListener): SearchWorker[] {
    this.#start();
    const leased = this.#workers.filter((worker) => worker.idle).slice(0, count);
    for (const worker of leased) worker.lease(listen(worker));
    return leased;
  }

  /** Starts the workers and waits until they are loaded: how many are. */
  public async warm(): Promise<number> {
    this.#start();
    return (await Promise.all(this.#workers.map((worker) => worker.ready))).filter(Boolean).length;
  }

  /** Ends every worker (a search using one goes on without it); later searches start new ones. */
  public async close(): Promise<void> {
    this.#closing = true;
    try {
      await Promise.all(this.#workers.map((worker) => worker.terminate()));
    } finally {
      this.#closing = false;
    }
  }

  #start(): void {
    while (this.#workers.length < this.size && this.#failures < MAX_FAILURES) {
      let thread: Worker;
      try {
        workerUrl ??= pathToFileURL(locatePackageFile(WORKER_FILE, import.meta.url));
        // Plain JavaScript: none of the host's own flags or loaders.
        thread = new Worker(workerUrl, { execArgv: [] });
      } catch {
        // No worker can start (a broken install, no threads): searches go on without.
        this.#failures = MAX_FAILURES;
        return;
      }
      this.#workers.push(
        new SearchWorker(thread, (gone) => {
          const index = this.#workers.indexOf(gone);
          if (index >= 0) this.#workers.splice(index, 1);
          if (!this.#closing) this.#failures++;
        }),
      );
    }
  }
}

/**
 * The process's one pool: two workers beside the walking thread (none on a single core, where
 * they could only take turns with it). More would not shorten a search much: the walk itself, the
 * merge and the result stay on one thread.
 */
export const SEARCH_WORKERS = new SearchWorkerPool(availableParallelism() > 1 ? 2 : 0);
