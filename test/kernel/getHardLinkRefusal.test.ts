import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getHardLinkRefusal, isHardLinked } from '../../src/kernel/index.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'agentkit-hardlink-'));
  writeFileSync(path.join(dir, 'single'), 'one name\n');
  writeFileSync(path.join(dir, 'outside'), 'two names\n');
  linkSync(path.join(dir, 'outside'), path.join(dir, 'window'));
  mkdirSync(path.join(dir, 'directory'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe(isHardLinked.name, () => {
  it('holds for a regular file with more than one name only', () => {
    expect(
      ['single', 'window', 'directory'].map((name) => isHardLinked(lstatSync(path.join(dir, name)))),
    ).toStrictEqual([false, true, false]);
    expect(isHardLinked(undefined)).toBe(false);
  });
});

describe(getHardLinkRefusal.name, () => {
  it('answers one code, permission_denied, reason hard_link, naming the path and the link count', () => {
    const window = path.join(dir, 'window');
    const refusal = getHardLinkRefusal(lstatSync(window), window, { consequence: 'Nothing was written.' });
    expect(refusal).toStrictEqual({
      code: 'permission_denied',
      message: `${JSON.stringify(window)} has 2 hard links; another of its names may be outside the workspace, and going through this one would reach that file too. Nothing was written.`,
      details: { reason: 'hard_link', path: window, nlink: 2 },
    });
  });

  it('uses the caller subject when given, and refuses nothing else', () => {
    const window = path.join(dir, 'window');
    expect(
      getHardLinkRefusal(lstatSync(window), window, { subject: 'The redirection target', consequence: 'x' })?.message,
    ).toMatch(/^The redirection target has 2 hard links;/);
    const single = path.join(dir, 'single');
    expect(getHardLinkRefusal(lstatSync(single), single, { consequence: 'x' })).toBeUndefined();
    expect(getHardLinkRefusal(undefined, path.join(dir, 'missing'), { consequence: 'x' })).toBeUndefined();
  });
});
