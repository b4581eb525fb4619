/** What an entry is, never following links: a symlink is reported as `symlink`. */
export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

/** One entry a walk found. */
export interface WalkEntry {
  /** Canonical path of the entry itself (its directory is canonical; links are not followed). */
  readonly path: string;
  /** Path relative to the walk's base, with `/` separators. */
  readonly relativePath: string;
  readonly name: string;
  readonly kind: EntryKind;
  /** 1 for the base's children. */
  readonly depth: number;
}
