import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Container } from 'inversify';
import { agentkitModule, APPROVAL_STORE, PERMISSION_CHECKER, PermissionDecision, PolicyPermissionChecker, TOOL_EXECUTOR, type PendingCall } from '../src/index.js';
import { fileSystemTools } from '../src/fs/index.js';
import { FileApprovalStore } from '../src/stores/index.js';
import { createExecutor } from './fixtures/createExecutor.js';
import { plainTool, TestRequest } from './fixtures/plainTool.js';
import { createToolRequest } from '../src/testing/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SNIPPETS = join(ROOT, 'samples', 'readme');

function getReadmeBlocks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('README', () => {
  it('opens with the set-up, start and test commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toContain('npm ci && npm start');
    expect(firstBlock).toContain('npm ci && npm test');
  });

  it('shows only snippets that stand verbatim in a type-checked file of samples/readme', () => {
    const files = readdirSync(SNIPPETS).map((name) => readFileSync(join(SNIPPETS, name), 'utf8'));
    const blocks = getReadmeBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) {
      expect(files.some((file) => file.includes(block))).toBe(true);
    }
  });

  it('"Your first tool" runs and completes', async () => {
    const { outcome } = await import('../samples/readme/firstTool.js');
    expect(outcome).toMatchObject({ status: 'completed', result: { result: { output: { type: 'text', text: 'hi' } } } });
  });

  it('"Binding a permission checker" leaves the host policy bound and in use', async () => {
    const { container } = await import('../samples/readme/bindChecker.js');
    const checker = container.get(PERMISSION_CHECKER);
    expect(checker).toBeInstanceOf(PolicyPermissionChecker);
    const ctx = { toolName: 'fs_read_file', callId: 'c', sessionId: 's', turnId: 't' };
    expect(await checker.evaluate(new TestRequest('fs.read', '/w/.env'), ctx)).toMatchObject({ type: 'deny', code: 'policy_denied' });
    expect(await checker.evaluate(new TestRequest('fs.read', '/w/a.txt'), ctx)).toStrictEqual({ type: 'allow' });
    expect(await checker.evaluate(new TestRequest('shell.exec', 'git push origin'), ctx)).toMatchObject({ type: 'require_approval' });
    expect(await checker.evaluate(new TestRequest('tool.invoke', 'text_word_count'), ctx)).toStrictEqual({ type: 'allow' });
  });

  it('"Handling an approval interruption" resumes when the user approves, and only then', async () => {
    const { runWithApproval } = await import('../samples/readme/handleApproval.js');
    const tool = plainTool({ name: 'guarded', preflight: () => [new TestRequest('test.write', 'x')] });
    const executor = createExecutor([tool], { permissions: { evaluate: () => PermissionDecision.requireApproval('ask') } });
    const declined = await runWithApproval(executor, createToolRequest('guarded'), () => Promise.resolve(false));
    expect(declined).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
    expect(tool.calls).toStrictEqual([]);
    const approved = await runWithApproval(executor, createToolRequest('guarded'), () => Promise.resolve(true));
    expect(approved.status).toBe('completed');
    expect(tool.calls).toHaveLength(1);
  });
});

describe('README (durable approvals)', () => {
  it('"Approvals that survive a restart" finishes a persisted call in another executor once, and a refused one never', async () => {
    const { executor, finish, stateDir, workspaceDir } = await import('../samples/readme/durableApprovals.js');
    const restarted = async () => {
      const container = new Container();
      container.bind(APPROVAL_STORE).toConstantValue(new FileApprovalStore({ directory: stateDir }));
      container.load(agentkitModule({ roots: [{ path: workspaceDir, mode: 'read_write' }] }), fileSystemTools());
      return container.getAsync(TOOL_EXECUTOR);
    };
    const pause = async (path: string): Promise<PendingCall> => {
      const request = createToolRequest('fs_write_file', { path, content: 'hi' });
      const outcome = await executor.execute(request);
      if (outcome.status !== 'interrupted') throw new Error(`expected an interruption, got ${outcome.status}`);
      return JSON.parse(JSON.stringify({ request, interruption: outcome.interruption })) as PendingCall;
    };
    try {
      const approved = await pause('a.txt');
      expect((await finish(await restarted(), approved, true)).status).toBe('completed');
      expect(readFileSync(join(workspaceDir, 'a.txt'), 'utf8')).toBe('hi');
      expect(await finish(await restarted(), approved, true)).toMatchObject({ status: 'failed', invoked: false });

      const refused = await pause('b.txt');
      expect(await finish(await restarted(), refused, false, 'not that file')).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'rejected_by_user', approvalStatus: 'consumed', userReason: 'not that file' } },
      });
      expect(await finish(executor, refused, true)).toMatchObject({ status: 'failed', error: { details: { reason: 'already_used' } } });
      expect(existsSync(join(workspaceDir, 'b.txt'))).toBe(false);
    } finally {
      rmSync(workspaceDir, { recursive: true, force: true });
      rmSync(dirname(stateDir), { recursive: true, force: true });
    }
  });
});

describe('README (built-ins)', () => {
  it('"Built-in tools" wires the filesystem and shell tools under the default checker', async () => {
    const { executor, workspaceDir } = await import('../samples/readme/builtIns.js');
    try {
      const names = executor.specs().map((spec) => spec.name);
      expect(names).toEqual(expect.arrayContaining(['fs_read_file', 'fs_write_file', 'fs_edit_file', 'fs_grep', 'shell_exec']));
      const write = await executor.execute(createToolRequest('fs_write_file', { path: 'a.txt', content: 'hi' }));
      expect(write).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
      expect(existsSync(join(workspaceDir, 'a.txt'))).toBe(false);
      const shell = await executor.execute(createToolRequest('shell_exec', { argv: ['true'] }));
      expect(shell).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
    } finally {
      rmSync(workspaceDir, { recursive: true, force: true });
    }
  });
});
