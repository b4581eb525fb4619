import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfirmedDirectory } from '../../src/fs/paths/ConfirmedDirectory.js';

/** Where the descriptor `fd` points now (`undefined` once closed; another file if its number was taken again). */
function located(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${String(fd)}`);
  } catch {
    return undefined;
  }
}

describe(ConfirmedDirectory.name, () => {
  let dir: string;

  beforeAll(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'agentkit-confirmed-')));
    writeFileSync(path.join(dir, 'file.txt'), 'x');
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('.retain', () => {
    it('keeps the handle open until every owner closed it; later closes do nothing', () => {
      const opened = ConfirmedDirectory.open(dir);
      if (opened === undefined) throw new Error('not opened');
      opened.retain();
      opened.close();
      expect(located(opened.fd)).toBe(dir);
      expect(readdirSync(opened.access)).toStrictEqual(['file.txt']);
      opened.close();
      expect(located(opened.fd)).not.toBe(dir);
      opened.retain();
      opened.close();
      expect(located(opened.fd)).not.toBe(dir);
    });
  });
});
