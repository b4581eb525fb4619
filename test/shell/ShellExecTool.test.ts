import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { PermissionDecision } from '../../src/index.js';
import { detectSandbox, findBubblewrap } from '../../src/shell/sandbox/detectSandbox.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { RecordingPermissionChecker } from '../../src/testing/index.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

describe(ShellExecTool.name, () => {
  let shell: ShellHarness;
  const checker = new RecordingPermissionChecker(() => PermissionDecision.allow());

  beforeAll(async () => {
    shell = await createShellHarness({ checker });
    await mkdir(path.join(shell.root, 'sub'));
  });

  afterAll(async () => {
    await shell.close();
  });

  describe('.invoke', () => {
    it('completes with exit code, stdout and stderr', async () => {
      const outcome = await shell.run({ command: 'echo out; echo err >&2' });

      expect(outcome).toMatchObject({ status: 'completed', result: { result: { isError: false } } });
      expect(getShellValue(outcome)).toStrictEqual({
        exitCode: 0,
        signal: null,
        stdout: 'out\n',
        stderr: 'err\n',
        timedOut: false,
        truncated: false,
      });
    });

    it('reports a non-zero exit as a completed error result', async () => {
      const outcome = await shell.run({ command: 'echo nope >&2; exit 3' });

      expect(outcome).toMatchObject({ status: 'completed', result: { result: { isError: true } } });
      expect(getShellValue(outcome)).toStrictEqual({
        exitCode: 3,
        signal: null,
        stdout: '',
        stderr: 'nope\n',
        timedOut: false,
        truncated: false,
      });
    });

    it('runs argv directly, without a shell', async () => {
      const outcome = await shell.run({ argv: ['echo', '$(touch argv-marker)', ';', 'x'] });

      expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, stdout: '$(touch argv-marker) ; x\n' });
      expect(shell.exists('argv-marker')).toBe(false);
    });

    it('runs in the workspace root by default, and in a relative cwd inside it', async () => {
      expect(getShellValue(await shell.run({ command: 'pwd' })).stdout).toBe(`${shell.root}\n`);
      expect(getShellValue(await shell.run({ argv: ['pwd'], cwd: 'sub' })).stdout).toBe(
        `${path.join(shell.root, 'sub')}\n`,
      );
    });

    it('gives the command no stdin', async () => {
      expect(getShellValue(await shell.run({ command: 'cat; echo done', timeoutMs: 5_000 }))).toMatchObject({
        exitCode: 0,
        stdout: 'done\n',
      });
    });

    it('fails execution_failed when argv names no program', async () => {
      expect(await shell.run({ argv: ['agentkit-no-such-program'] })).toMatchObject({
        status: 'failed',
        invoked: true,
        error: { code: 'execution_failed', details: { reason: 'spawn_failed', file: 'agentkit-no-such-program' } },
      });
    });
  });

  describe('.preflight', () => {
    it('describes the command in one shell.exec request', async () => {
      const before = checker.records.length;
      await shell.run({ command: 'git status && echo hi | wc -l', env: { FOO: 'bar' } });

      expect(checker.records.slice(before).map((record) => record.request)).toStrictEqual([
        {
          kind: 'shell.exec',
          summary: `run "git status && echo hi | wc -l" in ${shell.root} (env_override)`,
          target: 'git status && echo hi | wc -l',
          metadata: {
            form: 'command',
            subcommands: [
              ['git', 'status'],
              ['echo', 'hi'],
              ['wc', '-l'],
            ],
            risks: ['env_override'],
            cwd: shell.root,
            envKeys: ['FOO'],
            redirections: [],
            sandboxed: await detectSandbox(findBubblewrap()),
          },
        },
      ]);
    });

    it('quotes argv words in the target', async () => {
      const before = checker.records.length;
      await shell.run({ argv: ['echo', 'a b', "it's", ''] });

      expect(checker.records[before]?.request).toMatchObject({
        target: `echo 'a b' 'it'\\''s' ''`,
        metadata: { form: 'argv', subcommands: [['echo', 'a b', "it's", '']] },
      });
    });

    it('adds one fs.write request per redirection target, canonical and marked when protected', async () => {
      const before = checker.records.length;
      const outcome = await shell.run({ command: 'echo a > sub/../out.txt; echo b >> .env.local; ls 2>/dev/null' });

      expect(outcome.status).toBe('completed');
      expect(checker.records.slice(before).map((record) => record.request)).toStrictEqual([
        expect.objectContaining({
          kind: 'shell.exec',
          metadata: expect.objectContaining({
            risks: ['redirection'],
            redirections: [path.join(shell.root, 'out.txt'), path.join(shell.root, '.env.local')],
          }),
        }),
        {
          kind: 'fs.write',
          summary: `write ${path.join(shell.root, 'out.txt')} (shell redirection >)`,
          target: path.join(shell.root, 'out.txt'),
          metadata: { source: 'shell_redirection', operator: '>' },
        },
        {
          kind: 'fs.write',
          summary: `write ${path.join(shell.root, '.env.local')} (shell redirection >>)`,
          target: path.join(shell.root, '.env.local'),
          metadata: { source: 'shell_redirection', operator: '>>', protected: true },
        },
      ]);
      expect(shell.exists('out.txt')).toBe(true);
    });
  });

  describe('refusals before anything runs', () => {
    it.each([
      ['both command and argv', { command: 'touch refused-1', argv: ['touch', 'refused-1'] }, 'command_or_argv'],
      ['neither command nor argv', { cwd: '.' }, 'command_or_argv'],
      ['a NUL character', { argv: ['touch', 'refused-1\0x'] }, 'nul_character'],
      ['an empty command', { command: '  # touch refused-1\n' }, 'empty_command'],
      [
        'LD_PRELOAD from the model',
        { command: 'touch refused-1', env: { LD_PRELOAD: '/tmp/x.so' } },
        'startup_variable',
      ],
      [
        'NODE_OPTIONS from the model',
        { command: 'touch refused-1', env: { NODE_OPTIONS: '--require x' } },
        'startup_variable',
      ],
      [
        'a GIT_ variable from the model',
        { command: 'touch refused-1', env: { GIT_SSH_COMMAND: 'x' } },
        'startup_variable',
      ],
      ['PATH from the model', { command: 'touch refused-1', env: { PATH: '/tmp' } }, 'startup_variable'],
      ['an exported function', { command: 'touch refused-1', env: { 'BASH_FUNC_ls%%': '() { x; }' } }, undefined],
      [
        'a redirection target known only at run time',
        { command: 'touch refused-1; echo x > "$HOME/y"' },
        'dynamic_redirection',
      ],
      [
        'a relative redirection after cd',
        { command: 'touch refused-1; cd sub && echo x > y' },
        'relative_redirection_after_cd',
      ],
      ['a cwd that does not exist', { command: 'touch refused-1', cwd: 'missing' }, 'cwd_not_a_directory'],
    ])('refuses %s as invalid_input', async (_name, input, reason) => {
      const outcome = await shell.run(input);

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'invalid_input', ...(reason === undefined ? {} : { details: { reason } }) },
      });
      expect(shell.exists('refused-1')).toBe(false);
    });

    it('refuses a timeout above 600 s as invalid_input', async () => {
      expect(await shell.run({ command: 'touch refused-2', timeoutMs: 600_001 })).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'invalid_input' },
      });
      expect(shell.exists('refused-2')).toBe(false);
    });

    it('refuses a cwd outside the roots as permission_denied', async () => {
      const outcome = await shell.run({ command: 'touch refused-3', cwd: shell.outside });

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'outside_roots' } },
      });
      expect([shell.exists('refused-3'), shell.exists(path.join(shell.outside, 'refused-3'))]).toStrictEqual([
        false,
        false,
      ]);
    });

    it('refuses a cwd reached through a symlink that leads out', async () => {
      await symlink(shell.outside, path.join(shell.root, 'link-out'));
      const outcome = await shell.run({ command: 'touch refused-4', cwd: 'link-out' });

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'symlink_escape' } },
      });
      expect(shell.exists(path.join(shell.outside, 'refused-4'))).toBe(false);
    });

    it.each([
      ['an absolute path', (outside: string) => `touch refused-5; echo x > ${outside}/y`],
      ['a .. escape', (outside: string) => `touch refused-5; echo x >> ../${path.basename(outside)}/y`],
      ['nested shell code', (outside: string) => `touch refused-5; bash -c 'echo x &> ${outside}/y'`],
    ])('refuses a redirection outside the roots through %s as permission_denied', async (_name, build) => {
      const outcome = await shell.run({ command: build(shell.outside) });

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: false,
        error: { code: 'permission_denied', details: { reason: 'outside_roots' } },
      });
      expect([shell.exists('refused-5'), shell.exists(path.join(shell.outside, 'y'))]).toStrictEqual([false, false]);
    });
  });
});
