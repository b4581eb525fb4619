import { readdirSync, type Dirent } from 'node:fs';
import { ConfirmedDirectory } from '../paths/ConfirmedDirectory.js';
import { enterIgnoreScope, IGNORE_FILE, REPOSITORY_DIRECTORY } from './enterIgnoreScope.js';
import { getEntryKind } from './getEntryKind.js';
import type { IgnoreScope } from './IgnoreScope.js';
import type { WalkEntry } from './WalkEntry.js';
import type { WalkIgnore } from './WalkIgnore.js';

export interface WalkOptions {
  /** Deepest level visited (1: the base's children only). */
  readonly maxDepth: number;
  /** Entries visited at most; the walk reports `truncated` when it stops there. */
  readonly maxEntries: number;
  readonly signal?: AbortSignal;
  /**
   * Skip entries named `.git` and those the `.gitignore` files in force ignore (an ignored
   * directory is not entered). Absent: every entry is visited.
   */
  readonly ignore?: WalkIgnore;
  /**
   * Called for every entry, in walk order, with the path to open it by (through its
   * directory's confirmed handle, valid while the walk is in that directory unless the visitor
   * retains it: see {@link WalkPlace}) and where the walk is. Returning `false` stops the walk;
   * returning a promise makes it wait for the answer.
   */
  readonly visit: (entry: WalkEntry, access: string, place: WalkPlace) => boolean | undefined | Promise<boolean>;
}

/** What a walk has skipped so far (the counts only grow). */
export interface WalkCounts {
  /** Entries skipped as ignored (`.git` included; an ignored directory counts once, its contents are not seen). */
  readonly skippedIgnored: number;
  /** `.gitignore` files found but not read (not a regular file of its own, protected, too large or unreadable). */
  readonly unreadIgnoreFiles: number;
}

/** Where a walk is when it visits an entry. */
export interface WalkPlace {
  /**
   * The entry's directory, whose handle the entry's `access` path goes through. The walk closes
   * it when it leaves the directory: a visitor that reads through `access` later must
   * `retain()` it first, and `close()` it when done.
   */
  readonly directory: ConfirmedDirectory;
  /** The walk's counts up to this entry (live: read them during the visit). */
  readonly counts: WalkCounts;
}

export interface WalkResult extends WalkCounts {
  /** Stopped at `maxEntries`, at the depth limit of open handles, or by the signal, before the whole tree was seen. */
  readonly truncated: boolean;
  /** `visit` stopped the walk. */
  readonly stopped: boolean;
}

/** Directories held open at once (one per level): deeper ones are not descended into. */
export const MAX_OPEN_LEVELS = 256;
/** How long the walk may hold the event loop before it yields, in ms. */
const SLICE_MS = 8;

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A directory being walked; also the {@link WalkPlace} of its entries' visits. */
interface Frame extends WalkPlace {
  readonly directory: ConfirmedDirectory;
  readonly rel: string;
  readonly depth: number;
  readonly children: readonly Dirent[];
  /** The rules in force in this directory (with `ignore`). */
  readonly scope: IgnoreScope | undefined;
  next: number;
}

type Counts = { -readonly [K in keyof WalkCounts]: number };

/** The frame of the opened directory `dir`: its entries in walk order, without the ignored ones when `ignore` is on. */
function openFrame(
  dir: ConfirmedDirectory,
  rel: string,
  depth: number,
  parent: IgnoreScope | undefined,
  ignore: WalkIgnore | undefined,
  counts: Counts,
): Frame {
  const all = readSorted(dir);
  if (ignore === undefined || parent === undefined)
    return { directory: dir, counts, rel, depth, children: all, scope: undefined, next: 0 };
  const repository = all.find((dirent) => dirent.name === REPOSITORY_DIRECTORY);
  const ignoreFile = all.find((dirent) => dirent.name === IGNORE_FILE);
  const entered = enterIgnoreScope(
    parent,
    dir,
    repository !== undefined,
    ignoreFile === undefined ? undefined : getEntryKind(ignoreFile),
    ignore,
  );
  if (entered.unread) counts.unreadIgnoreFiles++;
  const prefix = `${dir.path === '/' ? '' : dir.path}/`;
  const children = all.filter(
    (dirent) =>
      dirent.name !== REPOSITORY_DIRECTORY && !entered.scope.ignores(prefix + dirent.name, dirent.isDirectory()),
  );
  counts.skippedIgnored += all.length - children.length;
  return { directory: dir, counts, rel, depth, children, scope: entered.scope, next: 0 };
}

/**
 * A directory's entries in walk order. The walk order: depth-first, siblings sorted by name with a `/` after directory names.
 * Files (and so grep matches) come out sorted by path; a directory itself can come after a
 * sibling file whose name extends its own (`src.txt` before `src`), so listings sort again.
 */
function readSorted(dir: ConfirmedDirectory): Dirent[] {
  let dirents: Dirent[];
  try {
    dirents = readdirSync(dir.access, { withFileTypes: true });
  } catch {
    return [];
  }
  const keyed = dirents.map((dirent) => ({ dirent, key: dirent.isDirectory() ? `${dirent.name}/` : dirent.name }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((item) => item.dirent);
}

/**
 * Visits every entry below `base` (a verified, canonical directory), depth-first, never
 * following a symlinked directory: each directory is opened without following links, through
 * its parent's confirmed handle, so every entry found is inside `base` even if a component is
 * swapped for a link meanwhile. Unreadable directories are skipped. Synchronous reads in slices
 * of a few milliseconds, yielding to the event loop (and honouring the signal) between slices.
 * @returns `undefined` when `base` cannot be opened as itself (it changed since it was checked).
 */
export async function walkTree(base: string, options: WalkOptions): Promise<WalkResult | undefined> {
  const root = ConfirmedDirectory.open(base);
  if (root === undefined) return undefined;
  const { ignore } = options;
  const counts: Counts = { skippedIgnored: 0, unreadIgnoreFiles: 0 };
  const frames: Frame[] = [openFrame(root, '', 1, ignore?.scope, ignore, counts)];
  let visited = 0;
  let truncated = false;
  let stopped = false;
  let sliceStart = performance.now();
  try {
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as Frame;
      const dirent = frame.children[frame.next++];
      if (dirent === undefined) {
        frames.pop()?.directory.close();
        continue;
      }
      if (visited >= options.maxEntries) {
        truncated = true;
        break;
      }
      visited++;
      const { name } = dirent;
      const kind = getEntryKind(dirent);
      const relativePath = frame.rel === '' ? name : `${frame.rel}/${name}`;
      const { directory } = frame;
      const entry: WalkEntry = {
        path: `${directory.path === '/' ? '' : directory.path}/${name}`,
        relativePath,
        name,
        kind,
        depth: frame.depth,
      };
      let verdict = options.visit(entry, directory.entry(name), frame);
      if (verdict instanceof Promise) verdict = await verdict;
      if (verdict === false) {
        stopped = true;
        break;
      }
      if (kind === 'directory' && frame.depth < options.maxDepth) {
        const child = frames.length < MAX_OPEN_LEVELS ? directory.openChild(name) : undefined;
        if (child === undefined) truncated ||= frames.length >= MAX_OPEN_LEVELS;
        else frames.push(openFrame(child, relativePath, frame.depth + 1, frame.scope, ignore, counts));
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        if (options.signal?.aborted === true) {
          truncated = true;
          break;
        }
        sliceStart = performance.now();
      }
    }
  } finally {
    for (const frame of frames) frame.directory.close();
  }
  return { truncated, stopped, ...counts };
}
