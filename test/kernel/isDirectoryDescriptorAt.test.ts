import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import {
  isDirectoryDescriptorAt,
  locateDescriptor,
  NO_DESCRIPTOR_LOCATOR,
  OPEN_FLAGS,
} from '../../src/kernel/index.js';
import { makeTempDir } from '../workspace/makeTempDir.js';

let base: string;

beforeAll(async () => {
  base = await makeTempDir();
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe.each([
  ['with /proc', locateDescriptor],
  ['without /proc', NO_DESCRIPTOR_LOCATOR],
])(`${isDirectoryDescriptorAt.name} (%s)`, (label, locate) => {
  it('confirms a directory held where it was opened', () => {
    const directory = path.join(base, `held-${label.length}`);
    mkdirSync(directory);
    const fd = openSync(directory, OPEN_FLAGS.DIRECTORY);
    try {
      expect(isDirectoryDescriptorAt(fd, directory, locate)).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  it('refuses once the directory was moved away and a link put in its place', () => {
    const directory = path.join(base, `swapped-${label.length}`);
    const elsewhere = path.join(base, `elsewhere-${label.length}`);
    mkdirSync(directory);
    mkdirSync(elsewhere);
    const fd = openSync(directory, OPEN_FLAGS.DIRECTORY);
    try {
      renameSync(directory, `${directory}-moved`);
      symlinkSync(elsewhere, directory);
      expect(isDirectoryDescriptorAt(fd, directory, locate)).toBe(false);
    } finally {
      closeSync(fd);
    }
  });
});
