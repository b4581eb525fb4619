import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a child printed, and the wall time from its spawn to its exit, in ms. */
export interface ChildRun {
  readonly stdout: string;
  readonly wallMs: number;
}

/**
 * Runs `node [flags] --import @swc-node/register/esm-register bench/code/<script> [args]` from
 * the repository's root and answers its output once it exits 0 (otherwise rejects with its stderr).
 */
export function runNodeChild(
  script: string,
  args: readonly string[],
  flags: readonly string[] = [],
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [...flags, '--import', '@swc-node/register/esm-register', path.join(PROJECT_ROOT, 'bench/code', script), ...args],
      { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const wallMs = performance.now() - started;
      if (code === 0) resolve({ stdout, wallMs });
      else reject(new Error(`${script} ended with ${signal ?? `exit code ${String(code)}`}: ${stderr.trim()}`));
    });
  });
}
