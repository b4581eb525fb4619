import type { FileSnapshot } from './FileSnapshot.js';

/** Bounds of a {@link ReadTracker}: least recently used sessions and paths are dropped first. */
export interface ReadTrackerLimits {
  /** Sessions remembered; the least recently used one is forgotten past it. */
  readonly maxSessions: number;
  /** Files remembered per session; the least recently read one is forgotten past it. */
  readonly maxPathsPerSession: number;
}

const DEFAULT_LIMITS: ReadTrackerLimits = { maxSessions: 1000, maxPathsPerSession: 10_000 };

/**
 * Read-before-write state: per session, per canonical path, the snapshot of the file as the
 * session last read (or wrote) it. In memory and bounded; a dropped entry only means the model
 * has to read the file again.
 */
export class ReadTracker {
  readonly #sessions = new Map<string, Map<string, FileSnapshot>>();

  public constructor(private readonly limits: ReadTrackerLimits = DEFAULT_LIMITS) {}

  /** Remembers what `sessionId` saw of the file at `canonicalPath` when it read it. */
  public record(sessionId: string, canonicalPath: string, snapshot: FileSnapshot): void {
    let paths = this.#sessions.get(sessionId);
    if (paths === undefined) {
      paths = new Map();
      if (this.#sessions.size >= this.limits.maxSessions) this.#dropOldest(this.#sessions);
    } else {
      this.#sessions.delete(sessionId);
    }
    this.#sessions.set(sessionId, paths);
    paths.delete(canonicalPath);
    if (paths.size >= this.limits.maxPathsPerSession) this.#dropOldest(paths);
    paths.set(canonicalPath, snapshot);
  }

  /** What `sessionId` saw of the file when it last read it, or `undefined` (never read, or forgotten). */
  public get(sessionId: string, canonicalPath: string): FileSnapshot | undefined {
    return this.#sessions.get(sessionId)?.get(canonicalPath);
  }

  /** Forgets the file for `sessionId` (after a delete or a move). */
  public forget(sessionId: string, canonicalPath: string): void {
    this.#sessions.get(sessionId)?.delete(canonicalPath);
  }

  /** Forgets everything `sessionId` read. */
  public clearSession(sessionId: string): void {
    this.#sessions.delete(sessionId);
  }

  /** Whether the session has anything in memory. */
  protected hasSession(sessionId: string): boolean {
    return this.#sessions.has(sessionId);
  }

  /** What the session read, oldest first (what a subclass persists). */
  protected entries(sessionId: string): [string, FileSnapshot][] {
    return [...(this.#sessions.get(sessionId) ?? [])];
  }

  #dropOldest(map: Map<string, unknown>): void {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
}
