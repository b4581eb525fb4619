import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { ERRNO_SETS } from './ERRNO_SETS.js';
import { getErrnoCode, hasErrnoCode } from './getErrnoCode.js';
import { OPEN_FLAGS } from './OPEN_FLAGS.js';

const TEMP_PREFIX = '.tmp-';

/**
 * @internal
 * A private directory of small files, each written whole (a temp file, then a rename or link) so
 * that a reader never sees half a file, with mode `0600`. The directory is created `0700`; one
 * that others can write to is refused, since whoever writes there could plant entries.
 */
export class StoreDirectory {
  public readonly path: string;

  /** `ConfigurationError`: what to throw for a bad directory (the kernel knows no error family; callers pass `ToolConfigurationError`). */
  public constructor(directory: unknown, subject: string, ConfigurationError: new (message: string) => Error) {
    if (typeof directory !== 'string' || directory === '') {
      throw new ConfigurationError(
        `${subject} needs \`directory\`: the path of a directory it may own (it is created with mode 0700 if missing).`,
      );
    }
    this.path = resolve(directory);
    try {
      mkdirSync(this.path, { recursive: true, mode: 0o700 });
    } catch (thrown) {
      throw new ConfigurationError(
        `${subject} cannot create its directory ${JSON.stringify(this.path)} (${getErrnoCode(thrown) ?? 'error'}).`,
      );
    }
    const stats = statSync(this.path);
    if (!stats.isDirectory())
      throw new ConfigurationError(`${subject}: ${JSON.stringify(this.path)} is not a directory.`);
    if (process.platform !== 'win32') {
      if ((stats.mode & 0o022) !== 0) {
        throw new ConfigurationError(
          `${subject}: the directory ${JSON.stringify(this.path)} is writable by other users (mode ${(stats.mode & 0o777).toString(8)}), who could plant entries in it. Use a directory only its owner can write to (chmod 700), or a new path (it is created with mode 0700).`,
        );
      }
      const uid = process.getuid?.();
      if (uid !== undefined && stats.uid !== uid && stats.uid !== 0) {
        throw new ConfigurationError(
          `${subject}: the directory ${JSON.stringify(this.path)} belongs to another user (uid ${stats.uid}). Use a directory this process's user owns.`,
        );
      }
    }
  }

  /**
   * The text of `name`, or `undefined` when there is no such file. Throws when the directory
   * itself is gone: a store that cannot be reached is not an empty store.
   */
  public read(name: string): string | undefined {
    try {
      return readFileSync(join(this.path, name), 'utf8');
    } catch (thrown) {
      if (!hasErrnoCode(thrown, ERRNO_SETS.NAME_MISSING)) throw thrown;
      if (!statSync(this.path).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      return undefined;
    }
  }

  /** Whether `name` is there (its text is not read). Throws when the directory itself is gone. */
  public exists(name: string): boolean {
    try {
      lstatSync(join(this.path, name));
      return true;
    } catch (thrown) {
      if (!hasErrnoCode(thrown, ERRNO_SETS.NAME_MISSING)) throw thrown;
      if (!statSync(this.path).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      return false;
    }
  }

  /** Writes `name` whole; `false` (nothing written) when it already exists. */
  public create(name: string, text: string): boolean {
    return this.#viaTemp(text, (temp) => {
      try {
        linkSync(temp, join(this.path, name));
        return true;
      } catch (thrown) {
        if (getErrnoCode(thrown) === 'EEXIST') return false;
        throw thrown;
      }
    });
  }

  /** Writes `name` whole, replacing it if present. */
  public replace(name: string, text: string): void {
    this.#viaTemp(text, (temp) => {
      renameSync(temp, join(this.path, name));
      return true;
    });
  }

  /**
   * Renames `from` to `to` atomically: of processes racing to move the same file, exactly one
   * succeeds. `false` when `from` is not there (never was, or someone else moved it first).
   */
  public move(from: string, to: string): boolean {
    try {
      renameSync(join(this.path, from), join(this.path, to));
      return true;
    } catch (thrown) {
      if (hasErrnoCode(thrown, ERRNO_SETS.NAME_MISSING)) return false;
      throw thrown;
    }
  }

  /** Deletes `name`; `false` when it was not there. */
  public remove(name: string): boolean {
    try {
      unlinkSync(join(this.path, name));
      return true;
    } catch (thrown) {
      if (hasErrnoCode(thrown, ERRNO_SETS.NAME_MISSING)) return false;
      throw thrown;
    }
  }

  /** The names of the entries (temp files left out), with their last modification time. */
  public list(): { readonly name: string; readonly mtimeMs: number }[] {
    return readdirSync(this.path).flatMap((name) => {
      try {
        return [{ name, mtimeMs: statSync(join(this.path, name)).mtimeMs }];
      } catch {
        return []; // Removed meanwhile.
      }
    });
  }

  public static isTemp(name: string): boolean {
    return name.startsWith(TEMP_PREFIX);
  }

  /** Writes `text` to a new temp file (mode 0600, flushed), hands it to `place`, then removes it. */
  #viaTemp(text: string, place: (temp: string) => boolean): boolean {
    const temp = join(this.path, `${TEMP_PREFIX}${process.pid}-${randomBytes(8).toString('hex')}`);
    const fd = openSync(temp, OPEN_FLAGS.CREATE_NEW, 0o600);
    try {
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      return place(temp);
    } finally {
      try {
        unlinkSync(temp);
      } catch {
        // Renamed into place, or already gone.
      }
    }
  }
}
