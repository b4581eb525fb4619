import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readRepositoryConfigNames } from '../../src/shell/policy/readRepositoryConfigNames.js';
import { makeRepository, plantConfig } from './fixtures/plantRepository.js';
import { sleep } from './fixtures/createShellHarness.js';

/** Longer than the window in which a just-changed file is not trusted (RACY_MS). */
const SETTLE_MS = 150;

describe(readRepositoryConfigNames.name, () => {
  let base: string;
  let log: string;
  let env: Record<string, string>;

  /** How many times git ran since the last call. */
  const takeSpawns = (): number => {
    const count = readFileSync(log, 'utf8').split('\n').length - 1;
    writeFileSync(log, '');
    return count;
  };

  beforeAll(() => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-config-cache-')));
    // a git on PATH that counts its runs, then runs the real one
    const shims = path.join(base, 'shims');
    mkdirSync(shims);
    log = path.join(base, 'spawns.log');
    writeFileSync(log, '');
    writeFileSync(path.join(shims, 'git'), `#!/bin/sh\necho run >> '${log}'\nexec /usr/bin/git "$@"\n`);
    chmodSync(path.join(shims, 'git'), 0o755);
    env = { PATH: `${shims}:/usr/bin:/bin`, HOME: '/nonexistent', GIT_CONFIG_NOSYSTEM: '1' };
  });

  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('lists the repository’s own keys once, then answers from what it remembers while no deciding file changes', async () => {
    const repo = path.join(base, 'repo1');
    makeRepository(repo);
    plantConfig(repo, 'diff.x.textconv', 'cat');
    await sleep(SETTLE_MS);

    const first = await readRepositoryConfigNames(repo, env);
    const spawnsFirst = takeSpawns();
    const second = await readRepositoryConfigNames(repo, env);

    expect([first?.includes('diff.x.textconv'), spawnsFirst, second, takeSpawns()]).toStrictEqual([true, 1, first, 0]);
  });

  it.each([
    [
      'its .git/config changes',
      (repo: string) => {
        plantConfig(repo, 'filter.x.clean', 'cat');
      },
      'filter.x.clean',
    ],
    [
      'a file it includes changes',
      (repo: string) => {
        writeFileSync(path.join(repo, 'included.cfg'), '[filter "x"]\n\tsmudge = cat\n');
      },
      'filter.x.smudge',
    ],
    [
      'a nearer repository appears',
      (repo: string) => {
        makeRepository(path.join(repo, 'sub'));
        plantConfig(path.join(repo, 'sub'), 'merge.x.driver', 'cat');
      },
      'merge.x.driver',
    ],
  ])('lists again when %s', async (_name, change, expected) => {
    const repo = path.join(base, `repo-${expected}`);
    makeRepository(repo);
    mkdirSync(path.join(repo, 'sub'), { recursive: true });
    plantConfig(repo, 'include.path', '../included.cfg');
    await sleep(SETTLE_MS);
    const dir = path.join(repo, 'sub');
    await readRepositoryConfigNames(dir, env);
    takeSpawns();

    change(repo);
    const after = await readRepositoryConfigNames(dir, env);

    expect([after?.includes(expected), takeSpawns()]).toStrictEqual([true, 1]);
  });

  it('does not remember a listing that depends on a file changed a moment ago (its time may not tick again)', async () => {
    const repo = path.join(base, 'repo-racy');
    makeRepository(repo);
    plantConfig(repo, 'diff.x.command', 'cat');

    await readRepositoryConfigNames(repo, env);
    await readRepositoryConfigNames(repo, env);

    expect(takeSpawns()).toBe(2);
  });
});
