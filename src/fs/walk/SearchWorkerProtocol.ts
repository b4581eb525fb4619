import type { FileSearchOutcome } from './searchFile.js';

/** What a search worker is told to look for: a `FileSearch` with the pattern as written. */
export interface SearchWorkerTask {
  readonly pattern: string;
  readonly ignoreCase: boolean;
  readonly limit: number;
  readonly maxLineChars: number;
  readonly maxFileBytes: number;
}

/**
 * From the host to a search worker: the search of the call it now serves (`task`, before any
 * batch), then batches of files, each a path through its directory's confirmed handle (which the
 * host keeps open until the batch's answer).
 */
export type ToSearchWorker =
  | { readonly type: 'task'; readonly task: SearchWorkerTask }
  | { readonly type: 'batch'; readonly batch: number; readonly files: readonly string[] };

/**
 * From a search worker: `ready` once loaded; each batch's outcomes in the order of its files, or
 * `failed` when the batch could not be searched (the host searches it itself).
 */
export type FromSearchWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'searched'; readonly batch: number; readonly outcomes: readonly FileSearchOutcome[] }
  | { readonly type: 'failed'; readonly batch: number };
