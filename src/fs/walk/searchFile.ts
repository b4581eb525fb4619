import type { SearchPattern } from './buildSearchPattern.js';
import { HARD_LINKED, readRegularFileSync } from './readRegularFileSync.js';
import { searchFileBytes } from './searchFileBytes.js';

/**
 * How the search of one file came out: its matching lines as `[line, text, line, text, ...]`
 * (empty when it has none or was not read: not a regular file any more, too large, binary,
 * unreadable), or `HARD_LINKED` (it has more than one hard link and was left unread).
 */
export type FileSearchOutcome = readonly (number | string)[] | typeof HARD_LINKED;

/** What a tree search looks for in each file, and its bounds. */
export interface FileSearch {
  readonly pattern: SearchPattern;
  /** Matching lines kept of one file at most (the call's whole limit: the collector cuts further). */
  readonly limit: number;
  readonly maxLineChars: number;
  /** Larger files are skipped. */
  readonly maxFileBytes: number;
}

const NO_MATCHES: readonly (number | string)[] = Object.freeze([]);

/**
 * Reads the file the walk found at `access` (a path through its directory's confirmed handle,
 * by the walkers' one read, `readRegularFileSync`) and searches it (`searchFileBytes`): the same
 * on the main thread and in a search worker.
 */
export function searchFile(access: string, search: FileSearch): FileSearchOutcome {
  const bytes = readRegularFileSync(access, search.maxFileBytes);
  if (bytes === HARD_LINKED) return HARD_LINKED;
  if (bytes === undefined) return NO_MATCHES;
  let found: (number | string)[] | undefined;
  searchFileBytes(bytes, search.pattern, search.limit, search.maxLineChars, (line, text) => {
    (found ??= []).push(line, text);
  });
  return found ?? NO_MATCHES;
}
