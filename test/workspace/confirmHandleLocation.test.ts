import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { NO_DESCRIPTOR_LOCATOR } from '../../src/kernel/index.js';
import { confirmHandleLocation } from '../../src/workspace/confirmHandleLocation.js';
import { makeTempDir } from './makeTempDir.js';

let base: string;
const everywhere = (): boolean => true;
const nowhere = (): boolean => false;

beforeAll(async () => {
  base = await makeTempDir();
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

async function withOpenFile<T>(name: string, run: (handle: FileHandle, file: string) => Promise<T>): Promise<T> {
  const file = path.join(base, name);
  writeFileSync(file, name);
  const handle = await open(file, 'r');
  try {
    return await run(handle, file);
  } finally {
    await handle.close();
  }
}

describe(confirmHandleLocation.name, () => {
  it('returns the /proc location of a handle inside a root', async () => {
    await withOpenFile('proc.txt', async (handle, file) => {
      expect(await confirmHandleLocation(handle, await handle.stat(), file, everywhere)).toBe(file);
    });
  });

  it('returns undefined when the /proc location is outside every root', async () => {
    await withOpenFile('proc-outside.txt', async (handle, file) => {
      expect(await confirmHandleLocation(handle, await handle.stat(), file, nowhere)).toBeUndefined();
    });
  });

  it('falls back to realpath + dev/ino without /proc', async () => {
    await withOpenFile('fallback.txt', async (handle, file) => {
      const stats = await handle.stat();
      expect(await confirmHandleLocation(handle, stats, file, everywhere, NO_DESCRIPTOR_LOCATOR)).toBe(file);
      expect(await confirmHandleLocation(handle, stats, file, nowhere, NO_DESCRIPTOR_LOCATOR)).toBeUndefined();
    });
  });

  it('refuses in the fallback when another file was moved over the opened path', async () => {
    await withOpenFile('swapped.txt', async (handle, file) => {
      const other = path.join(base, 'other.txt');
      writeFileSync(other, 'other');
      renameSync(other, file);
      expect(await confirmHandleLocation(handle, await handle.stat(), file, everywhere, NO_DESCRIPTOR_LOCATOR)).toBeUndefined();
    });
  });

  it('refuses a handle whose file was deleted', async () => {
    await withOpenFile('deleted.txt', async (handle, file) => {
      unlinkSync(file);
      expect(await confirmHandleLocation(handle, await handle.stat(), file, everywhere)).toBeUndefined();
    });
  });
});
