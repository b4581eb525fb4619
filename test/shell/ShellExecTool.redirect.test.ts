import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PermissionDecision, type PermissionChecker } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

/** Calls per race: the unpinned runner wrote outside within a few dozen. */
const TRIES = 120;

/** Starts a bash loop (ours: ended by its pid) that keeps swapping what `link` points to. */
function startSwapping(cwd: string, link: string, targets: readonly [string, string]): ChildProcess {
  const [first, second] = targets;
  const script = `while :; do ln -sfn '${first}' '${link}.a' && mv -Tf '${link}.a' '${link}'; ln -sfn '${second}' '${link}.b' && mv -Tf '${link}.b' '${link}'; done`;
  return spawn('/bin/bash', ['-c', script], { cwd, stdio: 'ignore' });
}

function stopSwapping(racer: ChildProcess): void {
  if (racer.pid !== undefined && racer.pid > 1) racer.kill('SIGKILL');
}

describe.each(['off', 'auto'] as const)(`${ShellExecTool.name} redirections (sandbox: %s)`, (sandbox) => {
  let shell: ShellHarness;

  beforeAll(async () => {
    shell = await createShellHarness({ shell: { sandbox } });
  });

  afterAll(async () => {
    await shell.close();
  });

  it('writes where the approved target was, though a directory on the way is swapped for a link to outside', async () => {
    mkdirSync(path.join(shell.root, 'real'));
    symlinkSync('real', path.join(shell.root, 't'));
    const racer = startSwapping(shell.root, 't', ['real', shell.outside]);
    const statuses: string[] = [];
    try {
      for (let i = 0; i < TRIES; i++) {
        const outcome = await shell.run({ command: 'echo x > t/x' });
        statuses.push(
          outcome.status === 'completed'
            ? `exit ${JSON.stringify(getShellValue(outcome).exitCode)}`
            : outcome.status === 'failed'
              ? outcome.error.code
              : outcome.status,
        );
      }
    } finally {
      stopSwapping(racer);
    }

    expect(existsSync(path.join(shell.outside, 'x'))).toBe(false);
    // The race was run: some calls were checked while `t` led inside, and wrote there.
    expect(statuses).toContain('exit 0');
    expect(readFileSync(path.join(shell.root, 'real', 'x'), 'utf8')).toBe('x\n');
  }, 60_000);

  it('never follows the target itself swapped for a link to outside', async () => {
    mkdirSync(path.join(shell.root, 'final'));
    writeFileSync(path.join(shell.root, 'final', 'plain'), '');
    const racer = startSwapping(path.join(shell.root, 'final'), 'x', ['plain', path.join(shell.outside, 'y')]);
    const statuses: string[] = [];
    try {
      for (let i = 0; i < TRIES; i++) {
        const outcome = await shell.run({ command: 'echo x >> final/x' });
        statuses.push(outcome.status === 'failed' ? outcome.error.code : outcome.status);
      }
    } finally {
      stopSwapping(racer);
    }

    expect(existsSync(path.join(shell.outside, 'y'))).toBe(false);
    expect(statuses).toContain('completed');
  }, 60_000);

  it('keeps the meaning of > and >> (truncate, append) through the descriptors', async () => {
    const outcome = await shell.run({
      command: 'echo a > same; echo b >> same; echo c > other; echo d >> other; cat same other',
    });

    expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, stdout: 'a\nb\nc\nd\n' });
    expect(getShellValue(await shell.run({ command: 'echo e > same; cat same' })).stdout).toBe('e\n');
  });

  it('creates a new target whose name needs quoting', async () => {
    const outcome = await shell.run({ command: 'echo x > "new file\'s"; cat "new file\'s"' });

    expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, stdout: 'x\n' });
    expect(readFileSync(path.join(shell.root, "new file's"), 'utf8')).toBe('x\n');
  });

  it('checks the target of a read-write redirection (n<>file) like any output redirection', async () => {
    writeFileSync(path.join(shell.outside, 'rw'), 'outside\n');
    const outside = await shell.run({ command: `touch ran; echo x 1<>${path.join(shell.outside, 'rw')}` });
    const inside = await shell.run({ command: 'echo abc > rw; echo X 1<>rw; cat rw' });

    expect(outside).toMatchObject({ status: 'failed', invoked: false, error: { code: 'permission_denied' } });
    expect(readFileSync(path.join(shell.outside, 'rw'), 'utf8')).toBe('outside\n');
    expect(shell.exists('ran')).toBe(false);
    expect(getShellValue(inside)).toMatchObject({ exitCode: 0, stdout: 'X\nc\n' });
  });

  it('refuses a target that is a hard link (a window onto another file) before anything runs', async () => {
    writeFileSync(path.join(shell.outside, 'linked'), 'outside\n');
    linkSync(path.join(shell.outside, 'linked'), path.join(shell.root, 'hard'));
    const outcome = await shell.run({ command: 'touch ran; echo x > hard' });

    expect(outcome).toMatchObject({
      status: 'failed',
      invoked: false,
      error: { code: 'permission_denied', details: { reason: 'hard_link' } },
    });
    expect(readFileSync(path.join(shell.outside, 'linked'), 'utf8')).toBe('outside\n');
    expect(shell.exists('ran')).toBe(false);
  });
});

describe.each(['off', 'auto'] as const)(
  `${ShellExecTool.name} redirection target hard-linked after the check (sandbox: %s)`,
  (sandbox) => {
    it('refuses it when the runner opens it, running nothing', async () => {
      let plant = (): void => undefined;
      // The permission check runs after preflight and before the body: the link appears in between.
      const checker: PermissionChecker = {
        evaluate: () => {
          plant();
          return PermissionDecision.allow();
        },
      };
      const shell = await createShellHarness({ checker, shell: { sandbox } });
      try {
        writeFileSync(path.join(shell.outside, 'linked'), 'outside\n');
        writeFileSync(path.join(shell.root, 'late'), 'inside\n');
        plant = () => {
          rmSync(path.join(shell.root, 'late'));
          linkSync(path.join(shell.outside, 'linked'), path.join(shell.root, 'late'));
        };
        const outcome = await shell.run({ command: 'touch ran; echo x > late' });

        expect(outcome).toMatchObject({
          status: 'failed',
          invoked: true,
          error: { code: 'permission_denied', details: { reason: 'hard_link' } },
        });
        expect(readFileSync(path.join(shell.outside, 'linked'), 'utf8')).toBe('outside\n');
        expect(shell.exists('ran')).toBe(false);
      } finally {
        await shell.close();
      }
    });
  },
);

describe(`${ShellExecTool.name} redirections inside nested shell code`, () => {
  it('refuses them without the sandbox (their target cannot be pinned), running nothing', async () => {
    const shell = await createShellHarness({ shell: { sandbox: 'off' } });
    try {
      const outcome = await shell.run({ command: "touch ran; bash -c 'echo x > y'" });

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'invalid_input', details: { reason: 'nested_redirection' } },
      });
      expect(shell.exists('ran')).toBe(false);
    } finally {
      await shell.close();
    }
  });
});
