import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PolicyPermissionChecker, type PolicyRule } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

const ALLOWED_PROGRAMS = ['git diff', 'sort', 'tee', 'dd', 'cp', 'sed', 'curl', 'touch'];
const allowPrograms = (): PolicyRule[] =>
  ALLOWED_PROGRAMS.map((pattern) => ({ effect: 'allow', kind: 'shell.exec', pattern }));

describe(`${ShellExecTool.name}: files programs write by their own options`, () => {
  describe('under allow rules for the programs and for every write', () => {
    let shell: ShellHarness;

    beforeAll(async () => {
      shell = await createShellHarness({
        checker: new PolicyPermissionChecker({
          rules: [...allowPrograms(), { effect: 'allow', kind: 'fs.write' }],
          fallback: 'ask',
        }),
      });
      writeFileSync(path.join(shell.root, 'in'), 'b\na\n');
      writeFileSync(path.join(shell.outside, 'f'), 'a\n');
    });

    afterAll(async () => {
      await shell.close();
    });

    it.each([
      ['git diff --output', (outside: string) => `git diff --no-index --output=${outside}/x in in`],
      ['sort -o', (outside: string) => `sort -o ${outside}/x in`],
      ['tee', (outside: string) => `echo hi | tee ${outside}/x`],
      ['dd of=', (outside: string) => `dd if=in of=${outside}/x`],
      ['cp', (outside: string) => `cp in ${outside}/x`],
      ['sed -i', (outside: string) => `sed -i s/a/x/ ${outside}/f`],
      ['curl -o', (outside: string) => `curl -s -o ${outside}/x file:///dev/null`],
      ['touch', (outside: string) => `touch ${outside}/x`],
    ])('denies %s writing outside the roots, and nothing runs', async (_name, build) => {
      const outcome = await shell.run({ command: build(shell.outside) });

      expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'permission_denied' } });
      expect([
        existsSync(path.join(shell.outside, 'x')),
        readFileSync(path.join(shell.outside, 'f'), 'utf8'),
      ]).toStrictEqual([false, 'a\n']);
    });

    it('runs an allowed program writing inside the roots', async () => {
      const outcome = await shell.run({ command: 'sort -o sorted in' });

      expect(getShellValue(outcome)).toMatchObject({ exitCode: 0 });
      expect(readFileSync(path.join(shell.root, 'sorted'), 'utf8')).toBe('a\nb\n');
    });

    it('asks before a program writes a protected path', async () => {
      const outcome = await shell.run({ command: 'sort -o .git/config in' });

      expect(outcome).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
      expect(shell.exists('.git/config')).toBe(false);
    });

    it('asks before a program writes where only the run knows (unknown_write)', async () => {
      const outcome = await shell.run({ command: 'sort -o "$HOME/x" in' });

      expect(outcome).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
    });
  });

  describe('under allow rules for the programs only', () => {
    it('asks for the write as an fs.write request on the resolved target, and runs once approved', async () => {
      const shell = await createShellHarness({
        checker: new PolicyPermissionChecker({ rules: allowPrograms(), fallback: 'ask' }),
      });
      writeFileSync(path.join(shell.root, 'in'), 'b\na\n');
      const request = {
        callId: 'writes-1',
        toolName: 'shell_exec',
        input: { command: 'sort -o sorted in' },
        sessionId: 'session-1',
        turnId: 'turn-1',
        metadata: {},
      };

      const asked = await shell.executor.execute(request);
      if (asked.status !== 'interrupted' || asked.interruption.type !== 'approval_required')
        throw new Error(`expected an approval, got ${asked.status}`);
      const asksFor = asked.interruption.approval.requests.map(({ kind, target }) => ({ kind, target }));
      const before = shell.exists('sorted');
      const resumed = await shell.executor.executeApproved(request, asked.interruption.approval);

      expect([asksFor, before]).toStrictEqual([[{ kind: 'fs.write', target: path.join(shell.root, 'sorted') }], false]);
      expect(getShellValue(resumed)).toMatchObject({ exitCode: 0 });
      expect(readFileSync(path.join(shell.root, 'sorted'), 'utf8')).toBe('a\nb\n');
      await shell.close();
    });
  });
});
