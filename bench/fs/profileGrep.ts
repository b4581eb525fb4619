import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DENSE_TREE, runFsGrep, SPARSE_TREE, writeGrepTree } from './grepBench.js';
import { createDenseFsExecutor, DENSE_LIMIT } from './grepRun.js';

/**
 * A loop of `fs_grep` over one generated tree for a CPU profile:
 * `node --cpu-prof --cpu-prof-dir=/tmp/agentkit-prof --import @swc-node/register/esm-register bench/fs/profileGrep.ts dense 'needle = [0-9]+;' 20`
 * (`sparse` or `dense` tree, pattern, calls).
 */
const shape = process.argv[2] === 'dense' ? DENSE_TREE : SPARSE_TREE;
const pattern = process.argv[3] ?? 'export const needle';
const calls = Number(process.argv[4] ?? 20);
const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-grep-prof-')));
try {
  const tree = path.join(base, 'tree');
  writeGrepTree(tree, shape);
  const fs = await createDenseFsExecutor(base);
  const matches = await runFsGrep(fs, pattern, tree, DENSE_LIMIT);
  const started = performance.now();
  for (let i = 0; i < calls; i++) await runFsGrep(fs, pattern, tree, DENSE_LIMIT);
  console.log(`${((performance.now() - started) / calls).toFixed(1)} ms per call, ${matches} matches`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
