import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PermissionDecision,
  TOOL_EXECUTOR,
  type ToolRequest,
} from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import type { Subject } from '../measure.js';

/**
 * `true` spawned with plain child_process, awaited until it exits and its pipes close.
 * `detached` (its own process group, as shell_exec must) is shown for information.
 */
export function createBareSpawnSubject(cwd: string, detached = false, argv: readonly string[] = ['true']): Subject {
  const [file = 'true', ...args] = argv;
  return {
    name: `bare child_process.spawn(${argv.map((word) => JSON.stringify(word)).join(', ')})${detached ? ', detached' : ''}`,
    call: () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(file, args, { cwd, detached, stdio: ['ignore', 'pipe', 'pipe'] });
        child.once('error', reject);
        child.once('close', (code) => {
          if (code === 0) resolve();
          else reject(new Error(`exit ${String(code)}`));
        });
      }),
  };
}

export interface ShellExecutorSubject extends Subject {
  close(): Promise<void>;
}

/** How `shell_exec` runs in a subject: unconfined, in a fresh bubblewrap per call, or warm. */
export type ShellSubjectMode = 'off' | 'cold' | 'warm';

const MODE_OPTIONS = {
  off: { sandbox: 'off' },
  cold: { sandbox: 'required', warmSandbox: false },
  warm: { sandbox: 'required' },
} as const;

/** A temp directory holding a git repository with one commit (for `git status`). */
export async function createGitRoot(): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-bench-git-')));
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  };
  git('init', '-q');
  await writeFile(path.join(root, 'README.md'), 'bench\n');
  git('add', 'README.md');
  git('commit', '-q', '-m', 'bench');
  return root;
}

/**
 * `shell_exec { argv }` (`true` by default) through the whole executor (allow-all checker), in
 * `root` (a fresh temp root by default), unconfined (`'off'`), in a fresh bubblewrap per call
 * (`'cold'`) or in a warm sandbox (`'warm'`).
 */
export async function createShellExecSubject(
  mode: ShellSubjectMode = 'off',
  argv: readonly string[] = ['true'],
  given?: string,
): Promise<ShellExecutorSubject & { readonly root: string }> {
  const root = given ?? (await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-bench-shell-'))));
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
  container.load(agentkitModule({ roots: [{ path: root }] }), shellTools(MODE_OPTIONS[mode]));
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const request: ToolRequest = {
    callId: 'bench',
    toolName: 'shell_exec',
    input: { argv: [...argv] },
    sessionId: 's',
    turnId: 't',
    metadata: {},
  };
  return {
    name: `shell_exec { argv: ${JSON.stringify(argv)} } (sandbox: ${mode})`,
    root,
    call: async () => {
      const outcome = await executor.execute(request);
      if (outcome.status !== 'completed' || outcome.result.result.isError)
        throw new Error(`shell_exec failed: ${JSON.stringify(outcome)}`);
    },
    close: async () => {
      await executor.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
