import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FileSystemPermissionRequest } from '../../src/fs/index.js';
import {
  PermissionDecision,
  PolicyPermissionChecker,
  type ApprovalRequest,
  type PermissionChecker,
  type PermissionRequest,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { completed, failure, structured, text } from './fixtures/outcomes.js';
import { snapshotTree } from './fixtures/snapshotTree.js';

/**
 * security.md Paths 8: a file with more than one hard link may be a window onto a file outside
 * the roots. Reads ask (`metadata.hardLinked: true`) unless a rule names the path, and read
 * the very file that was checked; walkers never read one and say how many they left out;
 * writes refuse it.
 */
let h: FsHarness | undefined;

afterEach(() => h?.cleanup());

/**
 * A harness whose root holds `notes.txt` and `dir/plain.txt`, and `hard.txt` and
 * `dir/inner-hard.txt`, hard links to `outside/secret.txt` and `outside/other.txt`.
 */
async function withTree(checker: PermissionChecker | 'default'): Promise<FsHarness> {
  const harness = await createFsHarness({ checker });
  h = harness;
  mkdirSync(path.join(harness.root, 'dir'));
  writeFileSync(path.join(harness.root, 'notes.txt'), 'needle in notes\n');
  writeFileSync(path.join(harness.root, 'dir', 'plain.txt'), 'needle in plain\n');
  writeFileSync(path.join(harness.outside, 'secret.txt'), 'needle secret\n');
  writeFileSync(path.join(harness.outside, 'other.txt'), 'needle other\n');
  linkSync(path.join(harness.outside, 'secret.txt'), path.join(harness.root, 'hard.txt'));
  linkSync(path.join(harness.outside, 'other.txt'), path.join(harness.root, 'dir', 'inner-hard.txt'));
  return harness;
}

function approvalOf(outcome: ToolExecutionOutcome): ApprovalRequest {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
    throw new Error(`expected an approval, got ${JSON.stringify(outcome)}`);
  return outcome.interruption.approval;
}

/** A checker that allows everything, running `duringCheck` when it sees an `fs.read` (between the preflight and the body). */
function allowAfter(duringCheck: () => void): PermissionChecker {
  return {
    evaluate: (request: PermissionRequest) => {
      if (request.kind === 'fs.read') duringCheck();
      return PermissionDecision.allow();
    },
  };
}

describe(FileSystemPermissionRequest.name, () => {
  it('serializes hardLinked and says it in the summary', () => {
    const request = new FileSystemPermissionRequest('fs.read', '/w/hard.txt', {
      hardLinked: true,
      facts: { hardLinked: false },
    });
    expect(request.toJSON()).toStrictEqual({
      kind: 'fs.read',
      summary: 'read /w/hard.txt (hard-linked: the file has other names, maybe outside the workspace)',
      target: '/w/hard.txt',
      metadata: { paths: ['/w/hard.txt'], hardLinked: true },
    });
  });
});

describe('reading a hard-linked file', () => {
  it('asks under the DefaultPermissionChecker, saying why, and reads it once approved', async () => {
    const harness = await withTree('default');
    const asked = harness.request('fs_read_file', { path: 'hard.txt' });
    const approval = approvalOf(await harness.executor.execute(asked));
    const target = path.join(harness.root, 'hard.txt');
    expect({ reason: approval.reason, requests: approval.requests }).toStrictEqual({
      reason: `fs.read "${target}" needs approval: the file has more than one hard link, so it may be a window onto a file outside the workspace.`,
      requests: [
        {
          kind: 'fs.read',
          summary: `read ${target} (hard-linked: the file has other names, maybe outside the workspace)`,
          target,
          metadata: { paths: [target], hardLinked: true },
        },
      ],
    });
    expect(text(await harness.executor.executeApproved(asked, approval))).toBe('needle secret\n');
  });

  it('asks for fs_grep naming the file, under the DefaultPermissionChecker', async () => {
    const harness = await withTree('default');
    const approval = approvalOf(await harness.call('fs_grep', { pattern: 'needle', path: 'hard.txt' }));
    expect(approval.requests[0]?.metadata).toStrictEqual({
      pattern: 'needle',
      paths: [path.join(harness.root, 'hard.txt')],
      hardLinked: true,
    });
  });

  it('asks under a policy allowing every fs.* request, unless an allow rule names that exact path', async () => {
    const allowFs = { effect: 'allow', kind: 'fs.*' } as const;
    let policy = new PolicyPermissionChecker({ rules: [allowFs], fallback: 'deny' });
    const harness = await withTree({ evaluate: (request, ctx) => policy.evaluate(request, ctx) });
    const target = path.join(harness.root, 'hard.txt');
    expect(approvalOf(await harness.call('fs_read_file', { path: 'hard.txt' })).reason).toBe(
      `fs.read "${target}" needs approval: the file has more than one hard link, so it may be a window onto a file outside the workspace, and no allow rule names that exact target.`,
    );
    approvalOf(await harness.call('fs_grep', { pattern: 'needle', path: 'hard.txt' }));
    completed(await harness.call('fs_read_file', { path: 'notes.txt' }));
    policy = new PolicyPermissionChecker({
      rules: [allowFs, { effect: 'allow', kind: 'fs.read', pattern: '**/hard.txt' }],
      fallback: 'deny',
    });
    approvalOf(await harness.call('fs_read_file', { path: 'hard.txt' }));
    policy = new PolicyPermissionChecker({
      rules: [allowFs, { effect: 'allow', kind: 'fs.read', pattern: target }],
      fallback: 'deny',
    });
    expect(text(await harness.call('fs_read_file', { path: 'hard.txt' }))).toBe('needle secret\n');
  });

  it('refuses in the body a file hard-linked after the check, reading nothing', async () => {
    // The checker runs after withTree returned: harness is set by then.
    const harness: FsHarness = await withTree(
      allowAfter(() => {
        linkSync(path.join(harness.root, 'notes.txt'), path.join(harness.outside, 'window.txt'));
      }),
    );
    const error = failure(
      await harness.call('fs_read_file', { path: 'notes.txt' }),
      'permission_denied',
      'hard_link',
      true,
    );
    expect(error.details).toStrictEqual({ reason: 'hard_link', path: path.join(harness.root, 'notes.txt'), nlink: 2 });
  });

  it('refuses in the body another hard-linked file swapped in after the check, for fs_read_file and fs_grep', async () => {
    let swaps = 0;
    const harness: FsHarness = await withTree(
      allowAfter(() => {
        const { root } = harness;
        // hard.txt (a hard link to secret.txt) becomes a hard link to a fresh outside file.
        const next = path.join(harness.outside, `swap-${++swaps}.txt`);
        writeFileSync(next, 'swapped needle\n');
        linkSync(next, path.join(root, 'swap.tmp'));
        renameSync(path.join(root, 'swap.tmp'), path.join(root, 'hard.txt'));
      }),
    );
    failure(await harness.call('fs_read_file', { path: 'hard.txt' }), 'permission_denied', 'hard_link', true);
    failure(
      await harness.call('fs_grep', { pattern: 'needle', path: 'hard.txt' }),
      'permission_denied',
      'hard_link',
      true,
    );
  });
});

describe('walkers and hard-linked files', () => {
  it('fs_grep never reads them and says how many it left out', async () => {
    const harness = await withTree('default');
    expect(structured(await harness.call('fs_grep', { pattern: 'needle' }))).toStrictEqual({
      matches: [
        { path: path.join(harness.root, 'dir', 'plain.txt'), line: 1, text: 'needle in plain' },
        { path: path.join(harness.root, 'notes.txt'), line: 1, text: 'needle in notes' },
      ],
      truncated: false,
      skippedHardLinks: 2,
    });
    expect(
      structured(await harness.call('fs_grep', { pattern: 'needle', path: 'dir', include: '*.txt' })),
    ).toStrictEqual({
      matches: [{ path: path.join(harness.root, 'dir', 'plain.txt'), line: 1, text: 'needle in plain' }],
      truncated: false,
      skippedHardLinks: 1,
    });
  });

  it('fs_grep says nothing of hard links when it left none out', async () => {
    const harness = await withTree('default');
    expect(structured(await harness.call('fs_grep', { pattern: 'needle', include: 'notes.txt' }))).toStrictEqual({
      matches: [{ path: path.join(harness.root, 'notes.txt'), line: 1, text: 'needle in notes' }],
      truncated: false,
    });
  });

  it('fs_list_directory lists them by name, marked hardLinked, without anything about the file itself', async () => {
    const harness = await withTree('default');
    expect(structured(await harness.call('fs_list_directory', { path: '.', recursive: true }))).toStrictEqual({
      entries: [
        { name: 'dir', path: path.join(harness.root, 'dir'), kind: 'directory' },
        {
          name: 'inner-hard.txt',
          path: path.join(harness.root, 'dir', 'inner-hard.txt'),
          kind: 'file',
          hardLinked: true,
        },
        { name: 'plain.txt', path: path.join(harness.root, 'dir', 'plain.txt'), kind: 'file', size: 16 },
        { name: 'hard.txt', path: path.join(harness.root, 'hard.txt'), kind: 'file', hardLinked: true },
        { name: 'notes.txt', path: path.join(harness.root, 'notes.txt'), kind: 'file', size: 16 },
      ],
      truncated: false,
    });
  });

  it('fs_glob names them (a name inside the root), reading nothing', async () => {
    const harness = await withTree('default');
    expect(structured(await harness.call('fs_glob', { pattern: '**/*hard.txt' }))).toStrictEqual({
      paths: [path.join(harness.root, 'dir', 'inner-hard.txt'), path.join(harness.root, 'hard.txt')],
      truncated: false,
    });
  });
});

describe('changing a hard-linked file', () => {
  it('refuses writes, edits and moves onto it before anything runs, even once read', async () => {
    let target = '';
    const harness = await withTree({
      evaluate: (request, ctx) =>
        new PolicyPermissionChecker({
          rules: [
            { effect: 'allow', kind: 'fs.*' },
            { effect: 'allow', kind: 'fs.read', pattern: target },
          ],
          fallback: 'deny',
        }).evaluate(request, ctx),
    });
    target = path.join(harness.root, 'hard.txt');
    expect(text(await harness.call('fs_read_file', { path: 'hard.txt' }))).toBe('needle secret\n');
    const before = snapshotTree(harness.base);
    for (const [tool, input] of [
      ['fs_write_file', { path: 'hard.txt', content: 'pwned', overwrite: true }],
      ['fs_edit_file', { path: 'hard.txt', oldString: 'needle', newString: 'pwned' }],
      ['fs_move', { from: 'notes.txt', to: 'hard.txt', overwrite: true }],
    ] as const) {
      failure(await harness.call(tool, input), 'permission_denied', 'hard_link', false);
    }
    expect(snapshotTree(harness.base)).toStrictEqual(before);
  });

  it('deletes or moves only the name inside the root: the file under its other name is untouched', async () => {
    const harness = await withTree(
      new PolicyPermissionChecker({ rules: [{ effect: 'allow', kind: 'fs.*' }], fallback: 'deny' }),
    );
    completed(await harness.call('fs_move', { from: 'dir/inner-hard.txt', to: 'moved.txt' }));
    completed(await harness.call('fs_delete', { path: 'hard.txt' }));
    expect([
      existsSync(path.join(harness.root, 'hard.txt')),
      existsSync(path.join(harness.root, 'moved.txt')),
    ]).toStrictEqual([false, true]);
    expect([
      readFileSync(path.join(harness.outside, 'secret.txt'), 'utf8'),
      readFileSync(path.join(harness.outside, 'other.txt'), 'utf8'),
    ]).toStrictEqual(['needle secret\n', 'needle other\n']);
  });
});
