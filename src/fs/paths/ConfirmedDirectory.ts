import { closeSync, openSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { getDescriptorEntryPath, isDirectoryDescriptorAt, locateDescriptor, OPEN_FLAGS } from '../../kernel/index.js';

/**
 * A directory held open by a handle, confirmed to be `path`. Its entries are reached through
 * `access`: its descriptor entry (`getDescriptorEntryPath`) on Linux, which resolves through the handle itself (like
 * `openat`), so a component of `path` swapped for a link afterwards changes nothing; elsewhere
 * `path` itself, re-checked by realpath when opened. Close it when done; a second owner that
 * reads through it later (a search worker) `retain`s it and closes it too: the handle stays open
 * until the last owner's close, so its descriptor number never names another file meanwhile.
 */
export class ConfirmedDirectory {
  #owners = 1;

  private constructor(
    public readonly path: string,
    public readonly fd: number,
    public readonly access: string,
  ) {}

  /**
   * Opens the canonical directory `directory` (the final component not followed) and confirms
   * the handle is that directory; `undefined` when it cannot be opened or is elsewhere now.
   */
  public static open(directory: string): ConfirmedDirectory | undefined {
    let fd: number;
    try {
      fd = openSync(directory, OPEN_FLAGS.DIRECTORY);
    } catch {
      return undefined;
    }
    if (!isDirectoryDescriptorAt(fd, directory)) {
      closeSync(fd);
      return undefined;
    }
    return new ConfirmedDirectory(
      directory,
      fd,
      locateDescriptor(fd) === undefined ? directory : getDescriptorEntryPath(fd),
    );
  }

  /** The real (not symlinked) subdirectory `name`, opened through this handle. */
  public openChild(name: string): ConfirmedDirectory | undefined {
    const childPath = path.join(this.path, name);
    let fd: number;
    try {
      fd = openSync(this.entry(name), OPEN_FLAGS.DIRECTORY);
    } catch {
      return undefined;
    }
    if (this.access === this.path && safeRealpath(childPath) !== childPath) {
      closeSync(fd);
      return undefined;
    }
    return new ConfirmedDirectory(childPath, fd, this.access === this.path ? childPath : getDescriptorEntryPath(fd));
  }

  /** The path to reach the entry `name` of this directory by (through the handle on Linux). */
  public entry(name: string): string {
    return `${this.access}/${name}`;
  }

  /** One more owner: the handle stays open until it closes too. */
  public retain(): void {
    if (this.#owners > 0) this.#owners++;
  }

  /** This owner is done: the last one closes the handle (later calls do nothing). */
  public close(): void {
    if (this.#owners === 0 || --this.#owners > 0) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
  }
}

function safeRealpath(target: string): string | undefined {
  try {
    return realpathSync.native(target);
  } catch {
    return undefined;
  }
}
