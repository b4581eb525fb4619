import { createHash } from 'node:crypto';
import { ToolConfigurationError } from '../index.js';
import { StoreDirectory } from '../kernel/index.js';
import type { FileSnapshot } from './FileSnapshot.js';
import { ReadTracker, type ReadTrackerLimits } from './ReadTracker.js';

/** Options of {@link FileReadTracker}. */
export interface FileReadTrackerOptions {
  /** A directory only this user can write to; created with mode 0700 when missing. */
  readonly directory: string;
  /** Bounds of what is kept in memory and per session file. */
  readonly limits?: ReadTrackerLimits;
}

type SavedSession = Record<string, FileSnapshot>;

const SNAPSHOT_NUMBERS = ['dev', 'ino', 'size', 'mtimeMs', 'ctimeMs'] as const;

function isSnapshot(value: unknown): value is FileSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    SNAPSHOT_NUMBERS.every((key) => typeof record[key] === 'number') &&
    (record['sha256'] === undefined || typeof record['sha256'] === 'string')
  );
}

/**
 * The fs tools' read-before-write memory kept in a directory, one file per session, so that an
 * edit or overwrite approved in a new process still knows which version of the file the model
 * read (and is refused when the file changed since, as in one process). Use it with a durable
 * approval store (`FileApprovalStore`) when a host stops at an approval and resumes in another
 * process: `fileSystemTools({ readTracker: new FileReadTracker({ directory }) })`.
 *
 * What a session read is looked up in memory first and in its file on a miss; every change
 * rewrites the session's file whole (atomically). A lost or stale entry is safe: a snapshot
 * only lets a write through while the file still matches it, else the model reads again.
 * `clearSession` removes the session's file.
 */
export class FileReadTracker extends ReadTracker {
  readonly #directory: StoreDirectory;

  public constructor(options: FileReadTrackerOptions) {
    super(options.limits);
    this.#directory = new StoreDirectory(options.directory, 'FileReadTracker', ToolConfigurationError);
  }

  /** {@inheritDoc ReadTracker.record} */
  public override record(sessionId: string, canonicalPath: string, snapshot: FileSnapshot): void {
    this.#load(sessionId);
    super.record(sessionId, canonicalPath, snapshot);
    this.#save(sessionId);
  }

  /** {@inheritDoc ReadTracker.get} */
  public override get(sessionId: string, canonicalPath: string): FileSnapshot | undefined {
    this.#load(sessionId);
    return super.get(sessionId, canonicalPath);
  }

  /** {@inheritDoc ReadTracker.forget} */
  public override forget(sessionId: string, canonicalPath: string): void {
    this.#load(sessionId);
    super.forget(sessionId, canonicalPath);
    this.#save(sessionId);
  }

  /** {@inheritDoc ReadTracker.clearSession} */
  public override clearSession(sessionId: string): void {
    super.clearSession(sessionId);
    this.#directory.remove(this.#fileName(sessionId));
  }

  #fileName(sessionId: string): string {
    return `${createHash('sha256').update(sessionId).digest('hex')}.json`;
  }

  /** Reads the session's file when memory holds nothing of the session (new process, or dropped). */
  #load(sessionId: string): void {
    if (this.hasSession(sessionId)) return;
    const text = this.#directory.read(this.#fileName(sessionId));
    if (text === undefined) return;
    let saved: unknown;
    try {
      saved = JSON.parse(text);
    } catch {
      return; // A damaged file is an empty memory: the model reads the file again.
    }
    if (typeof saved !== 'object' || saved === null) return;
    for (const [canonicalPath, snapshot] of Object.entries(saved)) {
      if (isSnapshot(snapshot)) super.record(sessionId, canonicalPath, snapshot);
    }
  }

  #save(sessionId: string): void {
    const saved: SavedSession = Object.fromEntries(this.entries(sessionId));
    this.#directory.replace(this.#fileName(sessionId), JSON.stringify(saved));
  }
}
