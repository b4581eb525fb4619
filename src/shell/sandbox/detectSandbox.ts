import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { buildSandboxArgs } from './buildSandboxArgs.js';

/** Where distributions install bubblewrap (a fixed list: never looked up through `PATH`). */
const BUBBLEWRAP_PATHS = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];
/** How long the probe may take before the sandbox counts as unavailable. */
const PROBE_TIMEOUT_MS = 5_000;

const probes = new Map<string, Promise<boolean>>();

/** The bubblewrap executable, if one is installed (Linux only). */
export function findBubblewrap(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  return BUBBLEWRAP_PATHS.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function probe(bubblewrap: string): Promise<boolean> {
  return new Promise((resolve) => {
    const args = [...buildSandboxArgs({ roots: [], cwd: '/', network: false }), '--', '/bin/sh', '-c', ':'];
    const child = spawn(bubblewrap, args, { stdio: 'ignore', env: {} });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/**
 * Whether `bubblewrap` confines commands here: a real sandboxed run (every namespace and mount
 * a command gets), done once per executable and cached, since an installed bwrap may still be
 * refused by the kernel (user namespaces off, seccomp in a container).
 */
export function detectSandbox(bubblewrap: string | undefined): Promise<boolean> {
  if (bubblewrap === undefined) return Promise.resolve(false);
  let found = probes.get(bubblewrap);
  if (found === undefined) {
    found = probe(bubblewrap);
    probes.set(bubblewrap, found);
  }
  return found;
}
