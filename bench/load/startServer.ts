import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVED_BIN = path.join(HERE, 'servedBin.ts');
/** The repository root: `@swc-node/register` resolves from its node_modules. */
const PROJECT_ROOT = path.resolve(HERE, '../..');

/** `agentkit-tools serve --http` running from source in a child process, with a reading channel. */
export interface ServerProcess {
  readonly pid: number;
  /** The MCP endpoint it printed. */
  readonly url: string;
  /** Its heap used after a full GC, in MB (asked over IPC). */
  readHeapMb(): Promise<number>;
  /** Everything it wrote to stderr. */
  stderr(): string;
  /** SIGTERM, then waits for it to exit (it stops serving, closes its executor and ends). */
  stop(): Promise<void>;
}

/** Starts the bin with `args` (and `env` added) and resolves once it prints the address it listens on. */
export async function startServer(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', '@swc-node/register/esm-register', SERVED_BIN, ...args],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    },
  );
  const exited = once(child, 'exit');
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const found = /listening on (http:\/\/\S+)/u.exec(stderr)?.[1];
      if (found !== undefined) resolve(found);
    });
    void exited.then(([code, signal]) => {
      reject(new Error(`the server exited (${String(code ?? signal)}) before listening:\n${stderr}`));
    });
  });
  const pid = child.pid as number;
  return {
    pid,
    url,
    stderr: () => stderr,
    readHeapMb: async () => {
      const answer = once(child, 'message') as Promise<[{ heapMb: number }]>;
      child.send('reading');
      return (await answer)[0].heapMb;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
