import type { Stats } from 'node:fs';
import type { FileSnapshot } from '../FileSnapshot.js';
import { matchesSnapshot, RECENT_CHANGE_MS, takeSnapshot } from '../takeSnapshot.js';
import type { LineEnding } from './LineEnding.js';
import type { TextEncodingName } from './TextEncodingName.js';

/** A text file decoded once: the text as the tools show it, where its lines start, how it was stored. */
export interface DecodedText {
  /** The display text (CRLF files with LF line breaks). */
  readonly text: string;
  readonly lineStarts: Uint32Array;
  readonly encoding: TextEncodingName;
  readonly bom: boolean;
  readonly lineEnding: LineEnding;
}

interface Entry {
  readonly snapshot: FileSnapshot;
  readonly value: DecodedText;
}

/** How many files, and how many characters in all, the cache keeps at most. */
export interface DecodedTextCacheLimits {
  readonly maxEntries: number;
  readonly maxChars: number;
}

export const DEFAULT_DECODED_TEXT_CACHE_LIMITS: DecodedTextCacheLimits = Object.freeze({
  maxEntries: 8,
  maxChars: 16 * 1024 * 1024,
});

/**
 * Decoded text files by canonical path, so that paging through a file decodes and indexes it
 * once (`fs_read_file` keeps a file only when more pages follow). It never decides what may be read: a reader opens and checks
 * the file first, then asks with that descriptor's `fstat`, and an entry is used only when
 * every stat field (device, inode, size, mtime, ctime) is the same. Files changed within the
 * last second are neither kept nor served (two writes in one timestamp tick could leave every
 * field equal; the read tracker hashes those instead). Least recently used entries go first (a Map
 * in use order: with at most a few entries, a dependency would cost more to install than it saves).
 */
export class DecodedTextCache {
  /** In use order, least recent first: a Map iterates in insertion order and `get` re-inserts. */
  readonly #entries = new Map<string, Entry>();
  readonly #limits: DecodedTextCacheLimits;
  #chars = 0;

  public constructor(limits: DecodedTextCacheLimits = DEFAULT_DECODED_TEXT_CACHE_LIMITS) {
    this.#limits = limits;
  }

  /** The entry for `canonicalPath` when `stats` (of the file just opened) is the one it was decoded from. */
  public get(canonicalPath: string, stats: Stats, now = Date.now()): DecodedText | undefined {
    const entry = this.#entries.get(canonicalPath);
    if (entry === undefined) return undefined;
    this.#delete(canonicalPath);
    if (!matchesSnapshot(entry.snapshot, stats) || isRecent(stats, now)) return undefined;
    this.#add(canonicalPath, entry);
    return entry.value;
  }

  /** Keeps `value`, decoded from the file whose descriptor's `fstat` is `stats`. */
  public set(canonicalPath: string, stats: Stats, value: DecodedText, now = Date.now()): void {
    this.#delete(canonicalPath);
    const { maxEntries, maxChars } = this.#limits;
    // A value larger than the whole cache is declined; a cache limited to nothing keeps nothing.
    if (isRecent(stats, now) || maxEntries <= 0 || sizeOf(value) > maxChars) return;
    this.#add(canonicalPath, { snapshot: takeSnapshot(stats), value });
    for (const [oldest] of this.#entries) {
      if (this.#entries.size <= maxEntries && this.#chars <= maxChars) break;
      this.#delete(oldest);
    }
  }

  public get size(): number {
    return this.#entries.size;
  }

  #add(key: string, entry: Entry): void {
    this.#entries.set(key, entry);
    this.#chars += sizeOf(entry.value);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#chars -= sizeOf(entry.value);
  }
}

function sizeOf(value: DecodedText): number {
  return Math.max(1, value.text.length);
}

function isRecent(stats: Stats, now: number): boolean {
  return now - stats.ctimeMs < RECENT_CHANGE_MS || now - stats.mtimeMs < RECENT_CHANGE_MS;
}
