import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ASSET = 'assets/code-isolate-worker.mjs';

describe(ASSET, () => {
  it('is what `npm run worker:update` makes of src/code/isolate/isolateWorker.ts now (run it after changing the isolate)', async () => {
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts['worker:update'];
    expect(script).toContain(`--outfile=${ASSET}`);
    const dir = mkdtempSync(join(tmpdir(), 'agentkit-worker-asset-'));
    try {
      const out = join(dir, 'worker.mjs');
      await promisify(execFile)(
        '/bin/sh',
        ['-c', (script as string).replace(`--outfile=${ASSET}`, `--outfile=${out}`)],
        {
          cwd: ROOT,
          env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env['PATH'] ?? ''}` },
        },
      );
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(ROOT, ASSET), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
