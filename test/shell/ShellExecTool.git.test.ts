import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PolicyPermissionChecker } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

/** The environment a plain `git` gets in these tests: no global or system configuration. */
const PLAIN_GIT_ENV = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: '/nonexistent', GIT_CONFIG_NOSYSTEM: '1' };

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, env: PLAIN_GIT_ENV, stdio: 'ignore' });
}

/** A repository `git status` works in: one commit, so the index and HEAD exist. */
function makeRepository(dir: string): void {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '.');
  writeFileSync(path.join(dir, 'file'), 'x\n');
  git(dir, 'add', 'file');
  git(dir, '-c', 'user.email=a@b', '-c', 'user.name=n', 'commit', '-qm', 'first');
}

/**
 * Plants a program git would run on its own (`core.fsmonitor`) and returns the marker file it
 * writes; `plant` names the config file and the directory `git status` runs in.
 */
type Plant = (root: string, program: string) => { readonly config: string; readonly cwd: string };

const PLANTS: readonly (readonly [string, Plant])[] = [
  ['.git/config', (root) => ({ config: path.join(root, 'repo', '.git', 'config'), cwd: 'repo' })],
  [
    'a sub/.git gitdir file pointing at a planted git directory',
    (root) => {
      makeRepository(path.join(root, 'source'));
      // The planted git directory is a copy of a real one; sub/.git names it.
      execFileSync('cp', ['-a', path.join(root, 'source', '.git'), path.join(root, 'planted')]);
      mkdirSync(path.join(root, 'sub'));
      writeFileSync(path.join(root, 'sub', '.git'), `gitdir: ${path.join(root, 'planted')}\n`);
      writeFileSync(path.join(root, 'sub', 'file'), 'x\n');
      return { config: path.join(root, 'planted', 'config'), cwd: 'sub' };
    },
  ],
  [
    '.git/commondir pointing at a planted config',
    (root) => {
      mkdirSync(path.join(root, 'common'));
      writeFileSync(path.join(root, 'repo', '.git', 'commondir'), `${path.join(root, 'common')}\n`);
      for (const name of ['objects', 'refs', 'config', 'HEAD']) {
        execFileSync('cp', ['-a', path.join(root, 'repo', '.git', name), path.join(root, 'common', name)]);
      }
      return { config: path.join(root, 'common', 'config'), cwd: 'repo' };
    },
  ],
];

describe.each(['off', 'auto'] as const)(
  `${ShellExecTool.name} and repository configuration (sandbox: %s)`,
  (sandbox) => {
    let shell: ShellHarness;

    beforeAll(async () => {
      shell = await createShellHarness({
        checker: new PolicyPermissionChecker({
          rules: [{ effect: 'allow', kind: 'shell.exec', pattern: 'git status' }],
          fallback: 'deny',
        }),
        shell: { sandbox },
      });
    });

    afterAll(async () => {
      await shell.close();
    });

    it.each(PLANTS)(
      'runs an allowed git status without the core.fsmonitor program planted through %s',
      async (_name, plant) => {
        rmSync(path.join(shell.root, 'repo'), { recursive: true, force: true });
        makeRepository(path.join(shell.root, 'repo'));
        const marker = path.join(shell.root, 'fsmonitor-ran');
        const program = path.join(shell.root, 'fsmonitor.sh');
        writeFileSync(program, `#!/bin/sh\ntouch ${marker}\n`);
        chmodSync(program, 0o755);
        const { config, cwd } = plant(shell.root, program);
        execFileSync('git', ['config', '--file', config, 'core.fsmonitor', program]);
        // The witness: a plain git runs the planted program (so the plant is real).
        git(path.join(shell.root, cwd), 'status');
        expect(existsSync(marker)).toBe(true);
        rmSync(marker);

        const outcome = await shell.run({ command: 'git status', cwd });

        expect(getShellValue(outcome)).toMatchObject({ exitCode: 0 });
        expect(existsSync(marker)).toBe(false);
      },
    );

    // An embedded bare repository keeps its config outside anything named `.git`, so protecting
    // `.git` cannot cover it: the planted `diff.external` runs on an allowed-looking `git diff`.
    it('does not use an embedded bare repository, whose config no path protection covers', async () => {
      rmSync(path.join(shell.root, 'source'), { recursive: true, force: true });
      rmSync(path.join(shell.root, 'bare'), { recursive: true, force: true });
      makeRepository(path.join(shell.root, 'source'));
      writeFileSync(path.join(shell.root, 'source', 'file'), 'y\n');
      git(path.join(shell.root, 'source'), '-c', 'user.email=a@b', '-c', 'user.name=n', 'commit', '-qam', 'second');
      git(shell.root, 'clone', '-q', '--bare', 'source', 'bare');
      const marker = path.join(shell.root, 'external-ran');
      const program = path.join(shell.root, 'external.sh');
      writeFileSync(program, `#!/bin/sh\ntouch ${marker}\n`);
      chmodSync(program, 0o755);
      execFileSync('git', ['config', '--file', path.join(shell.root, 'bare', 'config'), 'diff.external', program]);
      const command = 'git diff HEAD~1 HEAD';
      // The witness: a plain git in the bare repository runs the planted program.
      spawnSync('/bin/bash', ['-c', command], {
        cwd: path.join(shell.root, 'bare'),
        env: PLAIN_GIT_ENV,
        stdio: 'ignore',
      });
      expect(existsSync(marker)).toBe(true);
      rmSync(marker);
      const differ = await createShellHarness({
        checker: new PolicyPermissionChecker({
          rules: [{ effect: 'allow', kind: 'shell.exec', pattern: 'git diff' }],
          fallback: 'deny',
        }),
        shell: { sandbox, roots: [{ path: shell.root }] },
      });
      try {
        const outcome = await differ.run({ command, cwd: path.join(shell.root, 'bare') });

        // git does not take the folder for a repository (the diff fails), and the driver never runs.
        expect([getShellValue(outcome).exitCode === 0, existsSync(marker)]).toStrictEqual([false, false]);
      } finally {
        await differ.close();
      }
    });

    // A hostile repository can arrive with its `.git/config` already written: filter and diff
    // drivers cannot be forced off through the environment, so such a repository makes an
    // allowed git command ask instead of running the driver.
    it.each([
      ['a clean filter (.gitattributes + filter.x.clean)', 'filter.x.clean', 'git status'],
      ['a textconv diff driver (diff.x.textconv)', 'diff.x.textconv', 'git diff'],
    ])(
      'asks before a git command in a repository whose config names %s, running nothing',
      async (_name, key, command) => {
        rmSync(path.join(shell.root, 'repo'), { recursive: true, force: true });
        makeRepository(path.join(shell.root, 'repo'));
        const marker = path.join(shell.root, 'driver-ran');
        const program = path.join(shell.root, 'driver.sh');
        writeFileSync(program, `#!/bin/sh\ntouch ${marker}\ncat\n`);
        chmodSync(program, 0o755);
        writeFileSync(path.join(shell.root, 'repo', '.gitattributes'), '* filter=x diff=x\n');
        execFileSync('git', ['config', '--file', path.join(shell.root, 'repo', '.git', 'config'), key, program]);
        writeFileSync(path.join(shell.root, 'repo', 'file'), 'y\n'); // same size: git must read it through the filter
        // The witness: a plain git runs the planted driver.
        spawnSync('/bin/bash', ['-c', command], {
          cwd: path.join(shell.root, 'repo'),
          env: PLAIN_GIT_ENV,
          stdio: 'ignore',
        });
        expect(existsSync(marker)).toBe(true);
        rmSync(marker);
        const checked = await createShellHarness({
          checker: new PolicyPermissionChecker({
            rules: [{ effect: 'allow', kind: 'shell.exec', pattern: command }],
            fallback: 'deny',
          }),
          shell: { sandbox, roots: [{ path: shell.root }] },
        });
        try {
          const outcome = await checked.run({ command, cwd: path.join(shell.root, 'repo') });

          expect(outcome).toMatchObject({
            status: 'interrupted',
            interruption: {
              type: 'approval_required',
              approval: { requests: [{ metadata: { risks: ['repository_programs'] } }] },
            },
          });
          expect(existsSync(marker)).toBe(false);
        } finally {
          await checked.close();
        }
      },
    );

    it('asks before a git command that runs after cd (its repository cannot be read beforehand), running nothing', async () => {
      rmSync(path.join(shell.root, 'repo'), { recursive: true, force: true });
      makeRepository(path.join(shell.root, 'repo'));
      const marker = path.join(shell.root, 'driver-ran');
      const program = path.join(shell.root, 'driver.sh');
      writeFileSync(program, `#!/bin/sh\ntouch ${marker}\ncat\n`);
      chmodSync(program, 0o755);
      writeFileSync(path.join(shell.root, 'repo', '.gitattributes'), '* filter=x\n');
      execFileSync('git', [
        'config',
        '--file',
        path.join(shell.root, 'repo', '.git', 'config'),
        'filter.x.clean',
        program,
      ]);
      writeFileSync(path.join(shell.root, 'repo', 'file'), 'y\n');
      const checked = await createShellHarness({
        checker: new PolicyPermissionChecker({
          rules: [
            { effect: 'allow', kind: 'shell.exec', pattern: 'cd' },
            { effect: 'allow', kind: 'shell.exec', pattern: 'git status' },
          ],
          fallback: 'deny',
        }),
        shell: { sandbox, roots: [{ path: shell.root }] },
      });
      try {
        const outcome = await checked.run({ command: 'cd repo && git status', cwd: shell.root });

        expect(outcome).toMatchObject({
          status: 'interrupted',
          interruption: {
            type: 'approval_required',
            approval: { requests: [{ metadata: { risks: ['repository_programs'] } }] },
          },
        });
        expect(existsSync(marker)).toBe(false);
      } finally {
        await checked.close();
      }
    });

    it.each(['GIT_CONFIG_COUNT', 'GIT_CONFIG_PARAMETERS', 'GIT_DIR'])(
      'refuses a model-supplied %s (the forced settings cannot be overridden), running nothing',
      async (name) => {
        const outcome = await shell.run({ command: 'git status', env: { [name]: '0' } });

        expect(outcome).toMatchObject({
          status: 'failed',
          invoked: false,
          error: { code: 'invalid_input', details: { reason: 'startup_variable', names: [name] } },
        });
      },
    );

    it.each([
      ['core.hooksPath hooks', 'core.hooksPath', 'hooks', 'git commit -qm second --allow-empty'],
      ['core.editor', 'core.editor', 'PROGRAM', 'git commit --allow-empty'],
      [
        'credential.helper',
        'credential.helper',
        '!PROGRAM',
        'printf "protocol=https\\nhost=example.com\\n\\n" | git credential fill',
      ],
    ])('does not run a program named by %s', async (_name, key, value, command) => {
      rmSync(path.join(shell.root, 'repo'), { recursive: true, force: true });
      makeRepository(path.join(shell.root, 'repo'));
      const marker = path.join(shell.root, 'program-ran');
      const program = path.join(shell.root, 'program.sh');
      writeFileSync(program, `#!/bin/sh\ntouch ${marker}\n`);
      chmodSync(program, 0o755);
      mkdirSync(path.join(shell.root, 'repo', 'hooks'), { recursive: true });
      writeFileSync(path.join(shell.root, 'repo', 'hooks', 'pre-commit'), `#!/bin/sh\ntouch ${marker}\n`);
      chmodSync(path.join(shell.root, 'repo', 'hooks', 'pre-commit'), 0o755);
      execFileSync('git', [
        'config',
        '--file',
        path.join(shell.root, 'repo', '.git', 'config'),
        key,
        value.replace('PROGRAM', program),
      ]);
      execFileSync('git', ['config', '--file', path.join(shell.root, 'repo', '.git', 'config'), 'user.email', 'a@b']);
      execFileSync('git', ['config', '--file', path.join(shell.root, 'repo', '.git', 'config'), 'user.name', 'n']);
      // The witness: a plain git runs it.
      spawnSync('/bin/bash', ['-c', command], {
        cwd: path.join(shell.root, 'repo'),
        env: PLAIN_GIT_ENV,
        stdio: 'ignore',
      });
      expect(existsSync(marker)).toBe(true);
      rmSync(marker);
      const unchecked = await createShellHarness({ shell: { sandbox, roots: [{ path: shell.root }] } });
      try {
        await unchecked.run({ command, cwd: path.join(shell.root, 'repo') });
      } finally {
        await unchecked.close().catch(() => undefined);
      }

      expect(existsSync(marker)).toBe(false);
    });
  },
);
