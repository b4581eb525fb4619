import type { ConfirmedDirectory } from '../paths/ConfirmedDirectory.js';
import type { MatchCollector } from './MatchCollector.js';
import { HARD_LINKED } from './readRegularFileSync.js';
import { searchFile, type FileSearch, type FileSearchOutcome } from './searchFile.js';
import type { SearchWorker, SearchWorkerListener, SearchWorkerPool } from './SearchWorkerPool.js';
import type { FromSearchWorker, SearchWorkerTask } from './SearchWorkerProtocol.js';
import type { WalkProgress } from './WalkProgress.js';
import type { WalkCounts, WalkPlace, WalkResult } from './walkTree.js';

/** Files searched on the walking thread before workers are asked: a small tree never waits for one. */
const FILES_BEFORE_WORKERS = 256;
/** Files in one batch at most, and directories (each held open until the batch's answer). */
const BATCH_FILES = 64;
const BATCH_DIRECTORIES = 8;
/** Batches out at once per worker: how far the walk may run ahead of the merged results. */
const BATCHES_PER_WORKER = 4;

/** A file handed to the search, and where the walk was when it visited it. */
interface SearchedFile extends WalkCounts {
  readonly path: string;
  /** Entries visited up to and including this one. */
  readonly visited: number;
}

/** Files sent to a worker together, through the directories held open for them. */
interface Batch {
  readonly id: number;
  readonly files: SearchedFile[];
  readonly access: string[];
  readonly directories: ConfirmedDirectory[];
  worker?: SearchWorker;
  /** The answer, in the order of `files`. */
  outcomes?: readonly FileSearchOutcome[];
}

/** What a tree search found besides its matches: the walk as it was where the search ended, and the hard links left out. */
export interface TreeSearchEnd {
  readonly walk: WalkResult;
  readonly skippedHardLinks: number;
}

/**
 * The reading and searching of the files a walk visits, for `fs_grep`: on the walking thread for
 * a small tree, and on a big one in batches by the pool's workers while the walk goes on. The
 * answers are merged in walk order, so the matches, the truncation, the counts and the progress
 * events are those of reading every file in turn on the walking thread and stopping at the
 * file that fills the collector: the walk may have gone further meanwhile, and what it saw
 * past that file is taken back out. A worker opens each file through the handle of its
 * directory, which the walk visited, with the walkers' one read: the directories of a batch stay
 * open (retained) until its answer, and a batch whose worker failed is searched here.
 */
export class TreeSearch {
  #visited = 0;
  #searchedHere = 0;
  #skippedHardLinks = 0;
  #workers: SearchWorker[] = [];
  /** Batches sent and not yet merged, in walk order; then the one being filled. */
  readonly #sent: Batch[] = [];
  #filling: Batch | undefined;
  #nextId = 0;
  /** The file that filled the collector: nothing after it counts. */
  #stop: SearchedFile | undefined;
  /** The walk's live counts (seen at the first file). */
  #counts: WalkCounts | undefined;
  /** Wakes the walk (waiting for room, or for the last answers). */
  #wake: (() => void) | undefined;

  public constructor(
    private readonly collector: MatchCollector,
    private readonly progress: WalkProgress,
    private readonly search: FileSearch,
    private readonly task: SearchWorkerTask,
    private readonly pool: SearchWorkerPool,
  ) {}

  /** An entry the search does not read (a directory, an excluded file); whether the walk goes on. */
  public pass(): boolean {
    this.#visited++;
    this.#reportProgress();
    return this.#stop === undefined;
  }

  /**
   * The regular file `path`, to be read through `access` (valid while the walk is in
   * `place.directory`); whether the walk goes on, or a promise of it when the walk should wait
   * for the workers to catch up.
   */
  public file(path: string, access: string, place: WalkPlace): boolean | Promise<boolean> {
    if (this.#stop !== undefined) return false;
    this.#visited++;
    this.#counts ??= place.counts;
    const { skippedIgnored, unreadIgnoreFiles } = place.counts;
    const file: SearchedFile = { path, visited: this.#visited, skippedIgnored, unreadIgnoreFiles };
    // Searched here while nothing is out (a batch still out keeps the order: the next file joins the batches).
    if (this.#sent.length === 0 && this.#filling === undefined && !this.#hasWorkers()) {
      this.#merge(file, searchFile(access, this.search));
      this.#reportProgress();
      return !this.collector.full;
    }
    const batch = (this.#filling ??= { id: this.#nextId++, files: [], access: [], directories: [] });
    batch.files.push(file);
    batch.access.push(access);
    if (batch.directories.at(-1) !== place.directory) {
      place.directory.retain();
      batch.directories.push(place.directory);
    }
    if (batch.files.length >= BATCH_FILES || batch.directories.length >= BATCH_DIRECTORIES) this.#send();
    if (!this.#isFull()) return true;
    return new Promise((resolve) => {
      this.#wake = () => {
        resolve(this.#stop === undefined);
      };
    });
  }

  /**
   * After the walk (also when it failed): waits for every batch out (their directories are
   * closed only then), merges the answers, gives the workers back and reports the last progress.
   */
  public async close(): Promise<void> {
    if (this.#stop === undefined) this.#send();
    else if (this.#filling !== undefined) {
      // Past the stop: never sent, nothing to wait for.
      for (const directory of this.#filling.directories) directory.close();
      this.#filling = undefined;
    }
    while (this.#sent.length > 0) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    for (const worker of this.#workers) worker.release();
    this.#workers = [];
    this.#reportProgress();
  }

  /** The walk as it was at the file that filled the collector (as it is, when none did), and the hard links left out. */
  public end(walk: WalkResult): TreeSearchEnd {
    const stop = this.#stop;
    const counts = this.#counts;
    if (stop === undefined || counts === undefined) return { walk, skippedHardLinks: this.#skippedHardLinks };
    return {
      walk: {
        truncated: false,
        stopped: true,
        // What the walk counted past the file is taken back out.
        skippedIgnored: walk.skippedIgnored - (counts.skippedIgnored - stop.skippedIgnored),
        unreadIgnoreFiles: walk.unreadIgnoreFiles - (counts.unreadIgnoreFiles - stop.unreadIgnoreFiles),
      },
      skippedHardLinks: this.#skippedHardLinks,
    };
  }

  /** Whether batches go to workers: after the first files, once some are leased (asked again every so many files). */
  #hasWorkers(): boolean {
    if (this.#workers.length > 0) return true;
    if (++this.#searchedHere % FILES_BEFORE_WORKERS !== 0) return false;
    this.#workers = this.pool.lease(Number.POSITIVE_INFINITY, (worker) => this.#listen(worker));
    for (const worker of this.#workers) worker.post({ type: 'task', task: this.task });
    return this.#workers.length > 0;
  }

  #listen(worker: SearchWorker): SearchWorkerListener {
    return {
      message: (message: FromSearchWorker) => {
        if (message.type === 'ready') return;
        const batch = this.#sent.find((sent) => sent.id === message.batch && sent.outcomes === undefined);
        if (batch === undefined) return;
        // A batch the worker could not search is searched here (its directories are still open).
        this.#answer(batch, message.type === 'searched' ? message.outcomes : this.#searchHere(batch));
      },
      exit: () => {
        this.#workers = this.#workers.filter((leased) => leased !== worker);
        // The worker is gone: the files it had not answered for are searched here.
        const unanswered = this.#sent.filter((batch) => batch.worker === worker && batch.outcomes === undefined);
        for (const batch of unanswered) this.#answer(batch, this.#searchHere(batch));
      },
    };
  }

  #searchHere(batch: Batch): FileSearchOutcome[] {
    return batch.access.map((access) => searchFile(access, this.search));
  }

  /** Sends the batch being filled to the least busy worker (searched here when none is left). */
  #send(): void {
    const batch = this.#filling;
    if (batch === undefined) return;
    this.#filling = undefined;
    this.#sent.push(batch);
    let worker: SearchWorker | undefined;
    let least = Number.POSITIVE_INFINITY;
    for (const candidate of this.#workers) {
      const load = this.#sent.filter((sent) => sent.worker === candidate && sent.outcomes === undefined).length;
      if (load < least) [worker, least] = [candidate, load];
    }
    if (worker === undefined) {
      this.#answer(batch, this.#searchHere(batch));
      return;
    }
    batch.worker = worker;
    worker.post({ type: 'batch', batch: batch.id, files: batch.access });
  }

  #isFull(): boolean {
    return this.#sent.length >= Math.max(1, this.#workers.length) * BATCHES_PER_WORKER;
  }

  /** A batch is answered: its directories may close; the answered batches at the front are merged in order. */
  #answer(batch: Batch, outcomes: readonly FileSearchOutcome[]): void {
    batch.outcomes = outcomes;
    for (const directory of batch.directories) directory.close();
    batch.directories.length = 0;
    while (this.#sent[0]?.outcomes !== undefined) {
      const merged = this.#sent.shift() as Batch;
      merged.files.forEach((file, index) => {
        this.#merge(file, merged.outcomes?.[index] ?? []);
      });
    }
    this.#reportProgress();
    const wake = this.#wake;
    if (wake !== undefined && (this.#sent.length === 0 || !this.#isFull() || this.#stop !== undefined)) {
      this.#wake = undefined;
      wake();
    }
  }

  #merge(file: SearchedFile, outcome: FileSearchOutcome): void {
    if (this.#stop !== undefined) return;
    if (outcome === HARD_LINKED) this.#skippedHardLinks++;
    else this.collector.addFound(file.path, outcome);
    if (this.collector.full) this.#stop = file;
  }

  /** Progress up to the first file not merged yet (up to the stop, once there is one). */
  #reportProgress(): void {
    const pending = this.#sent[0]?.files[0] ?? this.#filling?.files[0];
    this.progress.reach(this.#stop?.visited ?? (pending === undefined ? this.#visited : pending.visited - 1));
  }
}
