import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type PolicyRule,
} from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

const RULES: PolicyRule[] = [
  { effect: 'allow', kind: 'shell.exec', pattern: 'echo' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'touch allowed' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'git status' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'find' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'timeout' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'printf' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'read' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'test' },
  { effect: 'allow', kind: 'shell.exec', pattern: 'export' },
  { effect: 'allow', kind: 'shell.exec', pattern: '[' },
  { effect: 'allow', kind: 'fs.write' },
  { effect: 'deny', kind: 'shell.exec', pattern: 'rm' },
];

describe(`${ShellExecTool.name} under PolicyPermissionChecker`, () => {
  let shell: ShellHarness;

  beforeAll(async () => {
    shell = await createShellHarness({ checker: new PolicyPermissionChecker({ rules: RULES, fallback: 'ask' }) });
  });

  afterAll(async () => {
    await shell.close();
  });

  it('runs a command whose every subcommand is allowed', async () => {
    const outcome = await shell.run({ command: 'echo one && touch allowed; echo two' });

    expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, stdout: 'one\ntwo\n' });
    expect(shell.exists('allowed')).toBe(true);
  });

  it.each([
    ['&&', 'echo ok && touch marker'],
    [';', 'echo ok; touch marker'],
    ['|', 'echo ok | touch marker'],
    ['||', 'false || touch marker'],
    ['a newline', 'echo ok\ntouch marker'],
    ['$(...)', 'echo $(touch marker)'],
    ['backticks', 'echo `touch marker`'],
    ['<(...)', 'echo <(touch marker)'],
    ['${x@P}', 'echo ${HOME@P}; echo $(touch marker)'],
    ['eval', 'eval "touch marker"'],
    ['bash -c', 'bash -c "touch marker"'],
    ['a wrapper allowed by prefix', 'timeout 5 touch marker'],
    ['find -exec', 'find . -maxdepth 0 -exec touch marker \\;'],
    ['git -c core.pager=...', "git -c core.pager='touch marker' status"],
    ['a prefix without a word boundary', 'touch allowedx marker'],
    ['a background job', 'echo ok & touch marker'],
    ['a redirection', 'echo ok > marker'],
    ['a parse failure', 'echo "unterminated; touch marker'],
    ['a heredoc bash ends elsewhere than the parser (issue 9)', 'git status <<E"O"F\nEOF\ntouch marker\nE"O"F'],
    ['a line continuation inside a word', 'echo ok; touch mark\\\ner'],
    ['aliases', "shopt -s expand_aliases\nalias echo='touch marker'\necho ok"],
    ['model-supplied env', { command: 'echo $((X))', env: { X: 'a[$(touch marker)]' } }],
    ['a `[` command, which the parser reads as syntax and bash runs', "git status; [ -v 'a[$(touch marker)]' ]"],
    ['an array subscript in a name printf -v assigns', "printf -v 'a[$(touch marker)]' x"],
    ['an array subscript in a name read assigns', "read 'a[$(touch marker)]' <<< x"],
    ['an array subscript in a name test -v looks up', "test -v 'a[$(touch marker)]'"],
    ['a > inside [ ], which bash reads as a redirection', 'git status; [ a > marker ]'],
    ['a line break inside [ ], which ends the command for bash', 'git status; [ -f a\ntouch marker ]'],
    [
      'a # glued to a word, which the parser reads as a comment and bash as part of the word',
      'export a=(x)#; touch marker',
    ],
  ])('asks before a command with %s, and nothing runs', async (_name, command) => {
    const outcome = await shell.run(typeof command === 'string' ? { command } : command);

    expect(outcome).toMatchObject({ status: 'interrupted', interruption: { type: 'approval_required' } });
    expect(shell.exists('marker')).toBe(false);
  });

  it.each([
    ['a plain subcommand', 'echo ok; rm -f allowed'],
    ['a command substitution', 'echo $(rm -f allowed)'],
    ['nested shell code', "bash -c 'rm -f allowed'"],
    ['a wrapper', 'timeout 5 rm -f allowed'],
    ['find -exec', 'find . -maxdepth 0 -exec rm -f allowed \\;'],
  ])('denies a deny-listed command hidden in %s', async (_name, command) => {
    const outcome = await shell.run({ command });

    expect(outcome).toMatchObject({ status: 'failed', invoked: false, error: { code: 'permission_denied' } });
    expect(shell.exists('allowed')).toBe(true);
  });

  it('runs the compound command once approved (the marker is a real witness)', async () => {
    const request = {
      callId: 'approve-1',
      toolName: 'shell_exec',
      input: { command: 'echo ok && touch marker' },
      sessionId: 'session-1',
      turnId: 'turn-1',
      metadata: {},
    };
    const asked = await shell.executor.execute(request);
    if (asked.status !== 'interrupted' || asked.interruption.type !== 'approval_required')
      throw new Error('expected an approval');

    const resumed = await shell.executor.executeApproved(request, asked.interruption.approval);

    expect(getShellValue(resumed)).toMatchObject({ exitCode: 0, stdout: 'ok\n' });
    expect(shell.exists('marker')).toBe(true);
  });
});

describe(`${ShellExecTool.name} under DefaultPermissionChecker`, () => {
  it('asks before every command and runs it once approved', async () => {
    const shell = await createShellHarness();
    const container = new Container();
    container.load(agentkitModule({ roots: [{ path: shell.root }] }), shellTools());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    const request = {
      callId: 'default-1',
      toolName: 'shell_exec',
      input: { argv: ['touch', 'made'] },
      sessionId: 's',
      turnId: 't',
      metadata: {},
    };

    const asked = await executor.execute(request);
    const made = shell.exists('made');
    if (asked.status !== 'interrupted' || asked.interruption.type !== 'approval_required')
      throw new Error(`expected an approval, got ${asked.status}`);
    const resumed = await executor.executeApproved(request, asked.interruption.approval);

    expect([asked.interruption.approval.reason, made]).toStrictEqual([
      `shell.exec "touch made" needs approval: it runs a shell command, which can do anything the user running this process can.; fs.write "${shell.root}/made" needs approval: it changes the workspace, and the default policy asks before every change.`,
      false,
    ]);
    expect(getShellValue(resumed)).toMatchObject({ exitCode: 0 });
    expect(shell.exists('made')).toBe(true);
    await shell.close();
  });
});

describe(`${ShellExecTool.name} and programs planted in the workspace`, () => {
  it.each(['off', 'auto'] as const)(
    'never looks an allowed command up in PATH entries inside the roots or relative ones (sandbox: %s)',
    async (sandbox) => {
      const root = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-path-')));
      for (const dir of ['node_modules/.bin', 'bin']) {
        mkdirSync(path.join(root, dir), { recursive: true });
        writeFileSync(path.join(root, dir, 'git'), `#!/bin/sh\ntouch ${path.join(root, 'planted-ran')}\n`);
        chmodSync(path.join(root, dir, 'git'), 0o755);
      }
      const container = new Container();
      container.bind(PERMISSION_CHECKER).toConstantValue(
        new PolicyPermissionChecker({
          rules: [{ effect: 'allow', kind: 'shell.exec', pattern: 'git status' }],
          fallback: 'deny',
        }),
      );
      // what `npm run` gives a host started in the repository, plus a relative entry
      const searchPath = `${root}/node_modules/.bin:bin::${process.env['PATH'] ?? '/usr/bin:/bin'}`;
      container.load(
        agentkitModule({ roots: [{ path: root }] }),
        shellTools({ sandbox, env: { set: { PATH: searchPath } } }),
      );
      try {
        const executor = await container.getAsync(TOOL_EXECUTOR);
        const outcome = await executor.execute({
          callId: `path-${sandbox}`,
          toolName: 'shell_exec',
          input: { command: 'git status' },
          sessionId: 's',
          turnId: 't',
          metadata: {},
        });

        expect(getShellValue(outcome)).toMatchObject({ exitCode: 128 });
        expect(existsSync(path.join(root, 'planted-ran'))).toBe(false);
      } finally {
        await container.unbindAllAsync();
        await rm(root, { recursive: true, force: true });
      }
    },
  );
});
