import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseShellCommand } from '../../src/shell/index.js';
import { generateReaderLine, PLANTED_DIRS, PLANTED_FILES } from './fixtures/generateReaderLine.js';
import { traceFileOpens } from './fixtures/traceFileOpens.js';

/** A fresh directory holding the planted entries (the programs may write: every run gets its own). */
function plant(base: string, run: number): string {
  const cwd = path.join(base, `run-${String(run)}`);
  mkdirSync(cwd);
  for (const dir of PLANTED_DIRS) mkdirSync(path.join(cwd, dir));
  for (const file of PLANTED_FILES) writeFileSync(path.join(cwd, file), 'y\nz\n');
  return cwd;
}

describe('read targets against the programs themselves (strace)', () => {
  let base: string;

  beforeAll(() => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-reads-diff-')));
  });

  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('the tracer sees operands and input redirections opened, not files found by walking a directory', () => {
    const cwd = plant(base, 0);

    expect(
      traceFileOpens('grep -e y -r d1 f1 < f2; cat ./f3 | head -n 1', cwd).filter((name) => !name.startsWith('/')),
    ).toStrictEqual(expect.arrayContaining(['f1', 'f2', './f3']));
    expect(traceFileOpens('grep -r y d1', cwd)).not.toContain('d1/f4');
  });

  /*
   * For each generated line the analysis does not flag (no risk, no unknown read), every path a
   * program or bash opened for reading by a name it was given (`openat(AT_FDCWD, name)`) that is
   * a planted entry must be among the analysis's read targets: the table reads each program's
   * words the way the program itself does. Lines it flags ask a person, so they are not compared.
   */
  it('names every planted file a reader opens by the name it was given', async () => {
    let compared = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(generateReaderLine, async (line) => {
        const analysis = await parseShellCommand(line);
        // `git diff a b` outside a repository compares files; only names that may leave the working directory are reads
        if (analysis.risks.length > 0 || analysis.readsUnknown || /git diff(?![^;&|]*--no-index)/u.test(line)) return;
        compared++;
        const cwd = plant(base, ++run);
        const named = new Set(analysis.reads.map(({ target }) => path.resolve(cwd, target.text)));
        const planted = new Set([...PLANTED_FILES, ...PLANTED_DIRS].map((entry) => path.join(cwd, entry)));
        const missed = traceFileOpens(line, cwd)
          .map((name) => path.resolve(cwd, name))
          .filter((opened) => planted.has(opened) && !named.has(opened))
          .map((opened) => path.relative(cwd, opened));

        expect({ line, missed }).toStrictEqual({ line, missed: [] });
      }),
      { seed: 20261216, numRuns: 300, endOnFailure: true },
    );

    // the property must not hold only because everything was flagged
    expect(compared).toBeGreaterThan(120);
  });
});
