import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PolicyPermissionChecker, type PolicyRule, type ToolExecutionOutcome } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { checkSandbox } from './fixtures/checkSandbox.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

const READERS = ['cat', 'head', 'grep', 'git', 'sed -n', 'cp', 'tar', 'ln', 'diff', 'wc', 'cd', 'python3'];
const allowReaders = (): PolicyRule[] => READERS.map((pattern) => ({ effect: 'allow', kind: 'shell.exec', pattern }));
const SECRET = 'secret-3c1f9a';

/** What an interrupted outcome asks a person about: each request's kind and target. */
function getAskedFor(outcome: ToolExecutionOutcome): { kind: string; target: unknown }[] {
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
    throw new Error(`expected an approval, got ${JSON.stringify(outcome)}`);
  return outcome.interruption.approval.requests.map(({ kind, target }) => ({ kind, target }));
}

describe(`${ShellExecTool.name}: files programs read (sandbox off)`, () => {
  describe('under allow rules for the readers, for every read and every write', () => {
    let shell: ShellHarness;

    beforeAll(async () => {
      shell = await createShellHarness({
        shell: { sandbox: 'off' },
        checker: new PolicyPermissionChecker({
          rules: [...allowReaders(), { effect: 'allow', kind: 'fs.read' }, { effect: 'allow', kind: 'fs.write' }],
          fallback: 'ask',
        }),
      });
      writeFileSync(path.join(shell.root, 'README.md'), 'hello\n');
      writeFileSync(path.join(shell.root, '.env'), 'TOKEN=1\n');
      writeFileSync(path.join(shell.outside, 'secret'), `${SECRET}\n`);
      mkdirSync(path.join(shell.outside, 'repo'));
    });

    afterAll(async () => {
      await shell.close();
    });

    it.each([
      ['cat /etc/hostname', () => 'cat /etc/hostname'],
      ['cat of a file outside', (outside: string) => `cat ${outside}/secret`],
      ['head', (outside: string) => `head -n 1 ${outside}/secret`],
      ['grep', (outside: string) => `grep -h secret README.md ${outside}/secret`],
      ['sed -n', (outside: string) => `sed -n p ${outside}/secret`],
      ['cp (its source)', (outside: string) => `cp ${outside}/secret copy`],
      ['tar -c (what it adds)', (outside: string) => `tar -cf out.tar ${outside}/secret`],
      ['an input redirection', (outside: string) => `wc -c < ${outside}/secret`],
      ['a relative path out of the root', (outside: string) => `cat ../${path.basename(outside)}/secret`],
      ['git -C', (outside: string) => `git -C ${outside}/repo status`],
      ['git diff --no-index', (outside: string) => `git diff --no-index README.md ${outside}/secret`],
      [
        'git diff of two paths (--no-index by itself outside a repository)',
        (outside: string) => `git diff README.md ${outside}/secret`,
      ],
      ['an interpreter (its script, shown in the syntax error)', (outside: string) => `python3 ${outside}/secret`],
      ['a reader inside a pipeline', (outside: string) => `cat README.md | diff - ${outside}/secret`],
    ])('denies %s reading outside the roots, and nothing runs', async (_name, build) => {
      const outcome = await shell.run({ command: build(shell.outside) });

      expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'permission_denied' } });
      expect(JSON.stringify(outcome)).not.toContain(SECRET);
      expect(shell.exists('copy') || shell.exists('out.tar')).toBe(false);
    });

    it('denies an argv reader reading outside the roots, and nothing runs', async () => {
      const outcome = await shell.run({ argv: ['head', '-c', '64', `${shell.outside}/secret`] });

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'outside_roots' } },
      });
    });

    it('runs a reader of a file inside the roots', async () => {
      const outcome = await shell.run({ command: 'cat README.md' });

      expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, stdout: 'hello\n' });
    });

    it('asks before a reader reads a protected path', async () => {
      expect(getAskedFor(await shell.run({ command: 'cat .env' }))).toStrictEqual([
        { kind: 'fs.read', target: path.join(shell.root, '.env') },
      ]);
    });

    it('asks before a reader reads a file with another hard link (perhaps outside)', async () => {
      linkSync(path.join(shell.outside, 'secret'), path.join(shell.root, 'window'));

      expect(getAskedFor(await shell.run({ command: 'cat window' }))).toStrictEqual([
        { kind: 'fs.read', target: path.join(shell.root, 'window') },
      ]);
    });

    it.each([
      ['an expansion', 'cat "$HOME/.profile"'],
      ['a glob', 'cat *.md'],
      ['a tilde', 'head ~/.bashrc'],
      ['links followed in a directory', 'grep -R hello .'],
      ['a path the same line links elsewhere first', 'ln -s /etc/hostname link && cat link'],
      ['a path a program of the same line may change first', 'git checkout -q main 2>/dev/null; cat README.md'],
      ['a relative path after cd', 'cd . && cat README.md'],
    ])('asks (unknown_read) for a read through %s', async (_name, command) => {
      const outcome = await shell.run({ command });

      expect(outcome).toMatchObject({
        status: 'interrupted',
        interruption: {
          type: 'approval_required',
          approval: {
            requests: expect.arrayContaining([
              expect.objectContaining({
                kind: 'shell.exec',
                metadata: expect.objectContaining({ risks: ['unknown_read'] }),
              }),
            ]),
          },
        },
      });
      expect(shell.exists('link')).toBe(false);
    });
  });

  describe('under allow rules for the readers only', () => {
    it('asks for the read as an fs.read request on the resolved target, and runs once approved', async () => {
      const shell = await createShellHarness({
        shell: { sandbox: 'off' },
        checker: new PolicyPermissionChecker({ rules: allowReaders(), fallback: 'ask' }),
      });
      writeFileSync(path.join(shell.root, 'README.md'), 'hello\n');
      const request = {
        callId: 'reads-1',
        toolName: 'shell_exec',
        input: { command: 'cat README.md' },
        sessionId: 'session-1',
        turnId: 'turn-1',
        metadata: {},
      };

      const asked = await shell.executor.execute(request);
      const asksFor = getAskedFor(asked);
      if (asked.status !== 'interrupted' || asked.interruption.type !== 'approval_required')
        throw new Error('unreachable');
      const resumed = await shell.executor.executeApproved(request, asked.interruption.approval);

      expect(asksFor).toStrictEqual([{ kind: 'fs.read', target: path.join(shell.root, 'README.md') }]);
      expect(getShellValue(resumed)).toMatchObject({ exitCode: 0, stdout: 'hello\n' });
      await shell.close();
    });
  });

  describe('in the sandbox', () => {
    it('leaves reads to the sandbox view: no fs.read requests', async () => {
      const available = await checkSandbox('ShellExecTool.reads');
      const shell = await createShellHarness({
        shell: { sandbox: available ? 'required' : 'off' },
        checker: new PolicyPermissionChecker({ rules: allowReaders(), fallback: 'ask' }),
      });
      writeFileSync(path.join(shell.root, 'README.md'), 'hello\n');

      const outcome = await shell.run({ command: 'cat README.md' });

      // without bubblewrap 'required' is refused; 'off' then shows the request the sandbox would make unnecessary
      expect(available ? getShellValue(outcome) : getAskedFor(outcome)).toMatchObject(
        available
          ? { exitCode: 0, stdout: 'hello\n' }
          : [{ kind: 'fs.read', target: path.join(shell.root, 'README.md') }],
      );
      await shell.close();
    });
  });
});
