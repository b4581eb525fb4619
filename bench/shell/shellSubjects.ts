import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PermissionDecision, TOOL_EXECUTOR, type ToolRequest } from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import type { Subject } from '../measure.js';

/**
 * `true` spawned with plain child_process, awaited until it exits and its pipes close.
 * `detached` (its own process group, as shell_exec must) is shown for information.
 */
export function createBareSpawnSubject(cwd: string, detached = false): Subject {
  return {
    name: `bare child_process.spawn("true")${detached ? ', detached' : ''}`,
    call: () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn('true', [], { cwd, detached, stdio: ['ignore', 'pipe', 'pipe'] });
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

/**
 * `shell_exec { argv: ["true"] }` through the whole executor (allow-all checker), in a temp root,
 * unconfined (`sandbox: 'off'`) or in bubblewrap (`'required'`).
 */
export async function createShellExecSubject(sandbox: 'off' | 'required' = 'off'): Promise<ShellExecutorSubject & { readonly root: string }> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-bench-shell-')));
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue({ evaluate: () => PermissionDecision.allow() });
  container.load(agentkitModule({ roots: [{ path: root }] }), shellTools({ sandbox }));
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const request: ToolRequest = { callId: 'bench', toolName: 'shell_exec', input: { argv: ['true'] }, sessionId: 's', turnId: 't', metadata: {} };
  return {
    name: `shell_exec { argv: ["true"] } (executor, sandbox: '${sandbox}')`,
    root,
    call: async () => {
      const outcome = await executor.execute(request);
      if (outcome.status !== 'completed' || outcome.result.result.isError) throw new Error(`shell_exec failed: ${JSON.stringify(outcome)}`);
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}
