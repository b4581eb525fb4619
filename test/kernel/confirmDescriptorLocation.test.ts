import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { closeSync, fstatSync, openSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { confirmDescriptorLocation, locateDescriptor, NO_DESCRIPTOR_LOCATOR } from '../../src/kernel/index.js';
import { makeTempDir } from '../workspace/makeTempDir.js';

let base: string;
const everywhere = (): boolean => true;
const nowhere = (): boolean => false;

beforeAll(async () => {
  base = await makeTempDir();
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

function withOpenFile<T>(name: string, run: (fd: number, file: string) => T): T {
  const file = path.join(base, name);
  writeFileSync(file, name);
  const fd = openSync(file, 'r');
  try {
    return run(fd, file);
  } finally {
    closeSync(fd);
  }
}

describe(confirmDescriptorLocation.name, () => {
  it('returns the /proc location of a descriptor inside a root', () => {
    withOpenFile('proc.txt', (fd, file) => {
      expect(confirmDescriptorLocation(fd, fstatSync(fd), file, everywhere, locateDescriptor)).toBe(file);
    });
  });

  it('returns undefined when the /proc location is outside every root', () => {
    withOpenFile('proc-outside.txt', (fd, file) => {
      expect(confirmDescriptorLocation(fd, fstatSync(fd), file, nowhere, locateDescriptor)).toBeUndefined();
    });
  });

  it('falls back to realpath + dev/ino without /proc', () => {
    withOpenFile('fallback.txt', (fd, file) => {
      const stats = fstatSync(fd);
      expect(confirmDescriptorLocation(fd, stats, file, everywhere, NO_DESCRIPTOR_LOCATOR)).toBe(file);
      expect(confirmDescriptorLocation(fd, stats, file, nowhere, NO_DESCRIPTOR_LOCATOR)).toBeUndefined();
    });
  });

  it('refuses in the fallback when another file was moved over the opened path', () => {
    withOpenFile('swapped.txt', (fd, file) => {
      const other = path.join(base, 'other.txt');
      writeFileSync(other, 'other');
      renameSync(other, file);
      expect(confirmDescriptorLocation(fd, fstatSync(fd), file, everywhere, NO_DESCRIPTOR_LOCATOR)).toBeUndefined();
    });
  });

  it.each([
    ['with /proc', locateDescriptor],
    ['without /proc', NO_DESCRIPTOR_LOCATOR],
  ])('refuses a descriptor whose file was deleted (%s)', (_label, locate) => {
    withOpenFile('deleted.txt', (fd, file) => {
      unlinkSync(file);
      expect(confirmDescriptorLocation(fd, fstatSync(fd), file, everywhere, locate)).toBeUndefined();
    });
  });
});
