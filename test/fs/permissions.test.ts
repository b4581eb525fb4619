import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FileSystemPermissionRequest } from '../../src/fs/index.js';
import {
  PermissionDecision,
  PolicyPermissionChecker,
  type ApprovalRequest,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { completed, failure, structured, text } from './fixtures/outcomes.js';
import { snapshotTree } from './fixtures/snapshotTree.js';

let h: FsHarness | undefined;

afterEach(() => h?.cleanup());

async function withDefaultChecker(): Promise<FsHarness> {
  h = await createFsHarness({ checker: 'default' });
  writeFileSync(path.join(h.root, 'notes.txt'), 'hello\n');
  writeFileSync(path.join(h.root, '.env'), 'TOKEN=1\n');
  return h;
}

function approvalOf(outcome: ToolExecutionOutcome): ApprovalRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
    throw new Error(`expected an approval, got ${JSON.stringify(outcome)}`);
  return outcome.interruption.approval;
}

describe(FileSystemPermissionRequest.name, () => {
  it('serializes kind, canonical target, paths and flags', () => {
    const request = new FileSystemPermissionRequest('fs.delete', '/w/dir', {
      protected: true,
      recursive: true,
      facts: { entries: 3 },
    });
    expect(request.toJSON()).toStrictEqual({
      kind: 'fs.delete',
      summary: 'delete /w/dir recursively (protected path)',
      target: '/w/dir',
      metadata: { paths: ['/w/dir'], protected: true, recursive: true, entries: 3 },
    });
  });

  it('describes every path it touches as a typed subject, with its access and flags', () => {
    expect([
      new FileSystemPermissionRequest('fs.move', '/w/a', {
        paths: ['/w/a', '/w/.git/b'],
        protected: true,
      }).policySubjects(),
      new FileSystemPermissionRequest('fs.list', '/w/dir').policySubjects(),
      new FileSystemPermissionRequest('fs.read', '/w/h', {
        hardLinked: true,
        facts: { protected: true },
      }).policySubjects(),
    ]).toStrictEqual([
      {
        paths: [
          { path: '/w/a', access: 'write', protected: true },
          { path: '/w/.git/b', access: 'write', protected: true },
        ],
      },
      { paths: [{ path: '/w/dir', access: 'read' }] },
      { paths: [{ path: '/w/h', access: 'read', hardLinked: true }] },
    ]);
  });
});

describe('filesystem tools with the DefaultPermissionChecker', () => {
  it('allows reads and lists inside the roots', async () => {
    const harness = await withDefaultChecker();
    const call = harness.call.bind(harness);
    completed(await call('fs_read_file', { path: 'notes.txt' }));
    completed(await call('fs_list_directory', { path: '.' }));
    completed(await call('fs_grep', { pattern: 'hello' }));
    completed(await call('fs_glob', { pattern: '*' }));
  });

  it('asks before every write, edit, delete, move and mkdir, having changed nothing', async () => {
    const harness = await withDefaultChecker();
    await harness.call('fs_read_file', { path: 'notes.txt' });
    const calls: [string, Record<string, unknown>][] = [
      ['fs_write_file', { path: 'new.txt', content: 'x' }],
      ['fs_edit_file', { path: 'notes.txt', oldString: 'hello', newString: 'bye' }],
      ['fs_delete', { path: 'notes.txt' }],
      ['fs_move', { from: 'notes.txt', to: 'moved.txt' }],
      ['fs_create_directory', { path: 'newdir' }],
    ];
    for (const [tool, input] of calls) {
      const approval = approvalOf(await harness.call(tool, input as never));
      expect(approval.requests.map((request) => request.kind)).toHaveLength(1);
    }
    expect(readFileSync(path.join(harness.root, 'notes.txt'), 'utf8')).toBe('hello\n');
    for (const name of ['new.txt', 'moved.txt', 'newdir'])
      expect(existsSync(path.join(harness.root, name))).toBe(false);
  });

  it('asks before reading a protected path', async () => {
    const harness = await withDefaultChecker();
    const call = harness.call.bind(harness);
    const approval = approvalOf(await call('fs_read_file', { path: '.env' }));
    expect(approval.requests[0]).toMatchObject({ kind: 'fs.read', metadata: { protected: true } });
  });

  it("counts the tools' own roots as inside although the container WORKSPACE lacks them, and still denies paths in neither", async () => {
    const base = await createFsHarness({ checker: 'default' });
    h = base;
    const own = await createFsHarness({
      checker: 'default',
      agentkit: { roots: [{ path: base.root }] },
      fs: { roots: [{ path: base.outside }] },
    });
    writeFileSync(path.join(base.outside, 'x.txt'), 'x');
    writeFileSync(path.join(base.base, 'root_evil', 'x.txt'), 'x');
    expect(text(await own.call('fs_read_file', { path: path.join(base.outside, 'x.txt') }))).toBe('x');
    failure(
      await own.call('fs_read_file', { path: path.join(base.base, 'root_evil', 'x.txt') }),
      'permission_denied',
      'outside_roots',
      false,
    );
    own.cleanup();
  });

  it('resumes an approved edit, and the approval is bound to the exact content', async () => {
    const harness = await withDefaultChecker();
    await harness.call('fs_read_file', { path: 'notes.txt' });
    const asked = harness.request('fs_write_file', { path: 'notes.txt', content: 'approved\n', overwrite: true });
    const approval = JSON.parse(JSON.stringify(approvalOf(await harness.executor.execute(asked)))) as ApprovalRequest;
    const replay = { ...asked, input: { path: 'notes.txt', content: 'something else\n', overwrite: true } };
    const refused = await harness.executor.executeApproved(replay, approval);
    failure(refused, 'permission_denied', 'binding_mismatch', false);
    expect(readFileSync(path.join(harness.root, 'notes.txt'), 'utf8')).toBe('hello\n');
    expect(structured(await harness.executor.executeApproved(asked, approval))).toMatchObject({ created: false });
    expect(readFileSync(path.join(harness.root, 'notes.txt'), 'utf8')).toBe('approved\n');
  });

  it('binds an edit approval to its exact replacement and session', async () => {
    const harness = await withDefaultChecker();
    await harness.call('fs_read_file', { path: 'notes.txt' });
    const asked = harness.request('fs_edit_file', { path: 'notes.txt', oldString: 'hello', newString: 'bye' });
    const approval = approvalOf(await harness.executor.execute(asked));
    const before = snapshotTree(harness.base);
    const otherText = { ...asked, input: { path: 'notes.txt', oldString: 'hello', newString: '$& pwned' } };
    failure(
      await harness.executor.executeApproved(otherText, approval),
      'permission_denied',
      'binding_mismatch',
      false,
    );
    failure(
      await harness.executor.executeApproved({ ...asked, sessionId: 'session-2' }, approval),
      'permission_denied',
      'binding_mismatch',
      false,
    );
    expect(snapshotTree(harness.base)).toStrictEqual(before);
    expect(structured(await harness.executor.executeApproved(asked, approval))).toMatchObject({ replacements: 1 });
    expect(readFileSync(path.join(harness.root, 'notes.txt'), 'utf8')).toBe('bye\n');
  });

  it('describes every side effect before any happens: a denied write creates none of its parent directories', async () => {
    h = await createFsHarness({
      checker: {
        evaluate: (request) =>
          request.kind === 'fs.write' ? PermissionDecision.deny('no writes', 'no_writes') : PermissionDecision.allow(),
      },
    });
    const before = snapshotTree(h.base);
    const error = failure(
      await h.call('fs_write_file', { path: 'a/b/c.txt', content: 'x', createParents: true }),
      'permission_denied',
      undefined,
      false,
    );
    expect(error.details).toMatchObject({ code: 'no_writes' });
    expect(snapshotTree(h.base)).toStrictEqual(before);
  });

  it('refuses an approved edit whose file changed while the approval waited', async () => {
    const harness = await withDefaultChecker();
    await harness.call('fs_read_file', { path: 'notes.txt' });
    const asked = harness.request('fs_edit_file', { path: 'notes.txt', oldString: 'hello', newString: 'bye' });
    const approval = approvalOf(await harness.executor.execute(asked));
    writeFileSync(path.join(harness.root, 'notes.txt'), 'hello, changed\n');
    failure(await harness.executor.executeApproved(asked, approval), 'invalid_input', 'stale_read', false);
    expect(readFileSync(path.join(harness.root, 'notes.txt'), 'utf8')).toBe('hello, changed\n');
  });
});

describe('filesystem tools with a PolicyPermissionChecker', () => {
  it('lets policy allow writes, but still asks for protected paths unless a rule names them', async () => {
    const policy = new PolicyPermissionChecker({ rules: [{ effect: 'allow', kind: 'fs.*' }], fallback: 'deny' });
    h = await createFsHarness({ checker: policy });
    completed(await h.call('fs_write_file', { path: 'ok.txt', content: 'x' }));
    approvalOf(await h.call('fs_write_file', { path: '.env.local', content: 'x' }));
    approvalOf(await h.call('fs_write_file', { path: '.github/workflows/ci.yml', content: 'x', createParents: true }));
    let named = policy;
    const second = await createFsHarness({ checker: { evaluate: (request, ctx) => named.evaluate(request, ctx) } });
    const envFile = path.join(second.root, '.env.local');
    named = new PolicyPermissionChecker({
      rules: [
        { effect: 'allow', kind: 'fs.*' },
        { effect: 'allow', kind: 'fs.write', pattern: envFile },
      ],
      fallback: 'deny',
    });
    completed(await second.call('fs_write_file', { path: '.env.local', content: 'x' }));
    approvalOf(await second.call('fs_write_file', { path: '.env.other', content: 'x' }));
    second.cleanup();
  });

  it('matches deny patterns against both ends of a move', async () => {
    const policy = new PolicyPermissionChecker({
      rules: [
        { effect: 'allow', kind: 'fs.*' },
        { effect: 'deny', kind: 'fs.move', pattern: '**/archive/**' },
      ],
      fallback: 'deny',
    });
    h = await createFsHarness({ checker: policy });
    writeFileSync(path.join(h.root, 'a.txt'), 'a');
    await h.call('fs_create_directory', { path: 'archive' });
    failure(await h.call('fs_move', { from: 'a.txt', to: 'archive/a.txt' }), 'permission_denied', undefined, false);
    expect(existsSync(path.join(h.root, 'a.txt'))).toBe(true);
  });
});
