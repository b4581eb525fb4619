import { realpathSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh directory under `os.tmpdir()`, realpath'ed (the caller removes it). */
export async function makeTempDir(prefix = 'agentkit-workspace-'): Promise<string> {
  return realpathSync(await mkdtemp(path.join(os.tmpdir(), prefix)));
}
