import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import type { FileSnapshot } from './FileSnapshot.js';

/** Within this long of the last change, stat fields may not tell two writes apart: hash too. */
export const RECENT_CHANGE_MS = 1000;

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The snapshot of a file from its `fstat` (and its bytes, hashed only after a recent change). */
export function takeSnapshot(stats: Stats, bytes?: Uint8Array, now = Date.now()): FileSnapshot {
  const snapshot = { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
  return bytes !== undefined && now - stats.ctimeMs < RECENT_CHANGE_MS
    ? { ...snapshot, sha256: hashBytes(bytes) }
    : snapshot;
}

/** Whether the file behind `stats` is the one in `snapshot`, unchanged (stat fields only). */
export function matchesSnapshot(snapshot: FileSnapshot, stats: Stats): boolean {
  return (
    snapshot.dev === stats.dev &&
    snapshot.ino === stats.ino &&
    snapshot.size === stats.size &&
    snapshot.mtimeMs === stats.mtimeMs &&
    snapshot.ctimeMs === stats.ctimeMs
  );
}
