import { readdirSync, rmdirSync, unlinkSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { buildFsError } from '../buildFsError.js';
import type { ConfirmedDirectory } from '../paths/ConfirmedDirectory.js';
import { MAX_OPEN_LEVELS, yieldToEventLoop } from '../walk/walkTree.js';

interface Frame {
  readonly dir: ConfirmedDirectory;
  /** Where the directory itself is removed from, once empty. */
  readonly parent: ConfirmedDirectory;
  readonly name: string;
  readonly children: readonly Dirent[];
  next: number;
}

const SLICE_MS = 8;

function changed(directory: string): never {
  throw buildFsError(
    'execution_failed',
    'changed_since_preflight',
    `${JSON.stringify(directory)} changed while it was being deleted (an entry was replaced or could not be opened); what remains was left in place.`,
    { path: directory },
  );
}

function openFrame(parent: ConfirmedDirectory, name: string): Frame | undefined {
  const dir = parent.openChild(name);
  if (dir === undefined) return undefined;
  let children: Dirent[];
  try {
    children = readdirSync(dir.access, { withFileTypes: true });
  } catch (error) {
    dir.close();
    throw error;
  }
  return { dir, parent, name, children, next: 0 };
}

/**
 * Deletes the directory `name` of `parent` with everything below it, depth-first. Every entry
 * is reached through a confirmed handle of its own directory and no link is ever followed:
 * a symlink is removed itself, and a directory swapped for a link meanwhile is removed as a
 * link, never entered. Returns the number of entries removed below `name`.
 */
export async function removeTree(parent: ConfirmedDirectory, name: string, signal?: AbortSignal): Promise<number> {
  const top = openFrame(parent, name) ?? changed(path.join(parent.path, name));
  const frames: Frame[] = [top];
  let removed = 0;
  let sliceStart = performance.now();
  try {
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as Frame;
      const dirent = frame.children[frame.next++];
      if (dirent === undefined) {
        frames.pop();
        frame.dir.close();
        rmdirSync(frame.parent.entry(frame.name));
        if (frames.length > 0) removed++;
        continue;
      }
      const child =
        dirent.isDirectory() && frames.length < MAX_OPEN_LEVELS ? openFrame(frame.dir, dirent.name) : undefined;
      if (child !== undefined) {
        frames.push(child);
        continue;
      }
      try {
        unlinkSync(frame.dir.entry(dirent.name));
      } catch {
        changed(path.join(frame.dir.path, dirent.name));
      }
      removed++;
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        if (signal?.aborted === true) {
          throw buildFsError(
            'interrupted',
            'cancelled',
            `Deleting ${JSON.stringify(top.dir.path)} was cancelled after ${removed} entries; what remains was left in place.`,
            {
              path: top.dir.path,
              removed,
            },
          );
        }
        sliceStart = performance.now();
      }
    }
  } finally {
    for (const frame of frames) frame.dir.close();
  }
  return removed;
}
