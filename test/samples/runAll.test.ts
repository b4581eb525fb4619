import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SAMPLES } from '../../samples/SAMPLES.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NUMBERED = readdirSync(join(ROOT, 'samples'))
  .filter((name) => /^\d\d-/.test(name))
  .sort();

// Each sample runs once in npm test, in its own test (test/samples/*.test.ts); this suite checks that
// `npm run samples` would run all of them, without running them a second time.
describe('npm run samples', () => {
  it('loads every numbered sample under its loader, in order (--list runs none)', async () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const [command, ...args] = (scripts['samples'] ?? '').split(' ');
    expect(command).toBe('node');
    const { stdout } = await promisify(execFile)(process.execPath, [...args, '--list'], { cwd: ROOT, timeout: 60_000 });
    expect(stdout.trim().split('\n')).toStrictEqual(NUMBERED);
  }, 60_000);

  it("lists each sample with its own folder's run()", async () => {
    const entries = await Promise.all(
      SAMPLES.map(async ({ name, run }) => ({
        name,
        same: run === ((await import(`../../samples/${name}/index.js`)) as { run: unknown }).run,
      })),
    );
    expect(entries).toStrictEqual(NUMBERED.map((name) => ({ name, same: true })));
  });

  it('has a test in test/samples that runs each sample', () => {
    const tests = readdirSync(join(ROOT, 'test/samples'))
      .filter((file) => file.endsWith('.test.ts') && file !== 'runAll.test.ts')
      .map((file) => readFileSync(join(ROOT, 'test/samples', file), 'utf8'));
    const untested = NUMBERED.filter(
      (name) => !tests.some((source) => source.includes(`'../../samples/${name}/index.js'`)),
    );
    expect(untested).toStrictEqual([]);
  });
});
