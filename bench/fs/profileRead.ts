import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFsExecutor } from './createFsExecutor.js';

/**
 * A loop of `fs_read_file` for a CPU profile:
 * `node --cpu-prof --cpu-prof-dir=/tmp/agentkit-prof --import @swc-node/register/esm-register bench/fs/profileRead.ts 65536 3000`
 */
const bytes = Number(process.argv[2] ?? 65536);
const calls = Number(process.argv[3] ?? 3000);
const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-fs-prof-')));
try {
  const root = path.join(base, 'root');
  mkdirSync(root);
  writeFileSync(
    path.join(root, 'file.txt'),
    'x'
      .repeat(63)
      .concat('\n')
      .repeat(Math.ceil(bytes / 64)),
  );
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const fs = await createFsExecutor(root);
  for (let i = 0; i < 200; i++) await fs.call('fs_read_file', { path: 'file.txt' });
  const started = performance.now();
  for (let i = 0; i < calls; i++) await fs.call('fs_read_file', { path: 'file.txt' });
  console.log(`${(((performance.now() - started) / calls) * 1000).toFixed(1)} µs per call`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
