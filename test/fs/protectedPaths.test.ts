import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  agentkitModule,
  type JsonValue,
  PERMISSION_CHECKER,
  type PermissionChecker,
  PermissionDecision,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { DEFAULT_PROTECTED_PATHS } from '../../src/internal/index.js';
import { shellTools } from '../../src/shell/index.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { completed } from './fixtures/outcomes.js';
import { snapshotTree } from './fixtures/snapshotTree.js';

/**
 * security.md Paths 6 through the real tools: under a policy that allows every `fs.*` request
 * (and every shell command), each change to a protected path is `interrupted` for approval,
 * and nothing under the temp base changed.
 */
const policy = new PolicyPermissionChecker({ rules: [{ effect: 'allow', kind: 'fs.*' }], fallback: 'deny' });
/** The policy for `fs.*`; shell commands themselves are allowed (risk flags too), so only their write targets can ask. */
const checker: PermissionChecker = {
  evaluate: (request, ctx) =>
    request.kind === 'shell.exec' ? PermissionDecision.allow() : policy.evaluate(request, ctx),
};

let h: FsHarness;
let executor: ToolExecutor;
let calls = 0;
const r = (...parts: string[]): string => path.join(h.root, ...parts);

beforeAll(async () => {
  h = await createFsHarness({ checker, fs: { requireReadBeforeWrite: false } });
  for (const dir of ['.git/hooks', 'sub', 'repo/.git', 'hooks-src', '.husky', 'plain'])
    mkdirSync(r(dir), { recursive: true });
  writeFileSync(r('.git/config'), '[core]\n');
  writeFileSync(r('.git/HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(r('repo/.git/config'), '[core]\n');
  writeFileSync(r('repo/readme.md'), 'repo\n');
  writeFileSync(r('hooks-src/pre-commit'), '#!/bin/sh\n');
  writeFileSync(r('.husky/pre-commit'), 'npm test\n');
  writeFileSync(r('notes.txt'), 'notes\n');
  writeFileSync(r('plain/a.txt'), 'a\n');
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(checker);
  container.load(agentkitModule({ roots: [{ path: h.root }] }), shellTools());
  executor = await container.getAsync(TOOL_EXECUTOR);
});

afterAll(() => {
  h.cleanup();
});

function expectApproval(outcome: ToolExecutionOutcome): void {
  expect(outcome.status === 'interrupted' ? outcome.interruption.type : outcome).toBe('approval_required');
}

async function expectAsked(call: () => Promise<ToolExecutionOutcome>): Promise<void> {
  const before = snapshotTree(h.base);
  expectApproval(await call());
  expect(snapshotTree(h.base)).toStrictEqual(before);
}

function shell(command: string): Promise<ToolExecutionOutcome> {
  return executor.execute({
    callId: `protected-shell-${++calls}`,
    toolName: 'shell_exec',
    input: { command },
    sessionId: 'session-1',
    turnId: 'turn-1',
    metadata: {},
  });
}

describe('protected paths under a policy that allows every fs.* request', () => {
  it.each<[string, Record<string, JsonValue>]>([
    // issue 9's examples
    ['fs_write_file', { path: '.git/commondir', content: '/tmp/planted\n' }],
    ['fs_write_file', { path: 'sub/.git', content: 'gitdir: /tmp/planted\n' }],
    ['fs_write_file', { path: '.git/config.worktree', content: '[core]\n\tfsmonitor = touch pwned\n' }],
    ['fs_write_file', { path: '.husky/pre-commit', content: 'touch pwned\n', overwrite: true }],
    ['fs_write_file', { path: '.config/git/config', content: '[core]\n\tpager = touch pwned\n', createParents: true }],
    // the class: any depth, any case, any git-run file, hook managers, start-up files
    ['fs_write_file', { path: 'a/b/.git/hooks/post-checkout', content: 'touch pwned\n', createParents: true }],
    ['fs_write_file', { path: '.GIT/config', content: '[core]\n', createParents: true }],
    ['fs_write_file', { path: '.git/hooks/pre-commit', content: 'touch pwned\n' }],
    ['fs_write_file', { path: '.gitattributes', content: '* filter=x\n' }],
    ['fs_write_file', { path: '.githooks/pre-push', content: 'touch pwned\n', createParents: true }],
    ['fs_write_file', { path: 'lefthook.yml', content: 'pre-commit: {}\n' }],
    ['fs_write_file', { path: '.envrc', content: 'touch pwned\n' }],
    ['fs_write_file', { path: '.yarnrc.yml', content: 'yarnPath: x.cjs\n' }],
    ['fs_write_file', { path: '.vscode/tasks.json', content: '{}\n', createParents: true }],
    ['fs_write_file', { path: '.github/workflows/ci.yml', content: 'on: push\n', createParents: true }],
    ['fs_edit_file', { path: '.git/config', oldString: '[core]', newString: '[core]\n\tfsmonitor = touch pwned' }],
    ['fs_edit_file', { path: '.husky/pre-commit', oldString: 'npm test', newString: 'touch pwned' }],
    // moves onto and from protected paths, and of trees holding one
    ['fs_move', { from: 'notes.txt', to: '.git/hooks/pre-commit' }],
    ['fs_move', { from: 'notes.txt', to: 'sub/.git' }],
    ['fs_move', { from: '.git/config', to: 'config.txt' }],
    ['fs_move', { from: 'hooks-src', to: '.git/hooks2' }],
    ['fs_move', { from: 'hooks-src', to: '.githooks' }],
    ['fs_move', { from: 'repo', to: 'repo2' }],
    ['fs_move', { from: 'plain', to: 'repo/.git/plain' }],
    // directories named .git, and deletes of trees holding one
    ['fs_create_directory', { path: 'plain/.git' }],
    ['fs_create_directory', { path: 'sub/.git' }],
    ['fs_create_directory', { path: 'x/.Git/hooks' }],
    ['fs_create_directory', { path: '.husky/_' }],
    ['fs_delete', { path: 'repo', recursive: true }],
    ['fs_delete', { path: '.git/HEAD' }],
    ['fs_delete', { path: '.husky', recursive: true }],
  ])('%s %j asks and changes nothing', async (tool, input) => {
    await expectAsked(() => h.call(tool, input));
  });

  it('runs the same calls on ordinary paths (the policy does allow writes)', async () => {
    completed(await h.call('fs_write_file', { path: 'sub/git.txt', content: 'x' }));
    completed(await h.call('fs_create_directory', { path: 'sub/gitdir' }));
    completed(await h.call('fs_move', { from: 'sub/git.txt', to: 'sub/gitdir/git.txt' }));
    completed(await h.call('fs_delete', { path: 'sub/gitdir', recursive: true }));
  });
});

describe('protected paths as shell redirection targets, with the command itself allowed', () => {
  it.each([
    ['echo x > sub/.git'],
    ['echo "[core] fsmonitor = touch pwned" >> .git/config'],
    ['echo x > .git/commondir'],
    ['echo x > .GIT/config'],
    ['echo x > .husky/pre-commit'],
    ['echo x 2> .config/git/config'],
    ['echo x &> repo/.git/hooks/pre-commit'],
  ])('%s asks and changes nothing', async (command) => {
    await expectAsked(() => shell(command));
  });

  it('runs a redirection to an ordinary path', async () => {
    expect(await shell('echo x > sub/plain.txt')).toMatchObject({ status: 'completed' });
  });

  it('uses the same list as the fs tools', () => {
    expect(DEFAULT_PROTECTED_PATHS).toContain('**/.git/**');
  });
});
