import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The bundled workers and their entries. */
const ASSETS = {
  'assets/code-isolate-worker.mjs': 'src/code/isolate/isolateWorker.ts',
  'assets/fs-search-worker.mjs': 'src/fs/walk/searchWorker.ts',
};

describe('the worker assets', () => {
  it('are what `npm run worker:update` makes of their entries now (run it after changing a worker or what it imports)', async () => {
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts['worker:update'] as string;
    const dir = mkdtempSync(join(tmpdir(), 'agentkit-worker-asset-'));
    try {
      let command = script;
      for (const [asset, entry] of Object.entries(ASSETS)) {
        expect(script).toContain(`${entry} `);
        expect(script).toContain(`--outfile=${asset}`);
        command = command.replace(`--outfile=${asset}`, `--outfile=${join(dir, asset)}`);
      }
      // Nothing else is written.
      expect(command).not.toMatch(/--outfile=assets\//u);
      await promisify(execFile)('/bin/sh', ['-c', command], {
        cwd: ROOT,
        env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env['PATH'] ?? ''}` },
      });
      for (const asset of Object.keys(ASSETS))
        expect(readFileSync(join(dir, asset), 'utf8')).toBe(readFileSync(join(ROOT, asset), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
