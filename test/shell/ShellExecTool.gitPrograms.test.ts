import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PolicyPermissionChecker, type PolicyRule } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, type ShellHarness } from './fixtures/createShellHarness.js';
import { makeRepository, PLAIN_GIT_ENV, plantConfig, runGit, writeMarkerProgram } from './fixtures/plantRepository.js';

/** How a case plants its setting: `repo` is the repository, `program` the marker program's path. */
type Plant = (repo: string, program: string) => void;

const setting =
  (...pairs: [string, string][]): Plant =>
  (repo, program) => {
    for (const [key, value] of pairs) plantConfig(repo, key, value.replace('PROGRAM', program));
  };

const withAttributes =
  (attributes: string, plant: Plant, change: 'modify' | 'remove' = 'modify'): Plant =>
  (repo, program) => {
    writeFileSync(path.join(repo, '.gitattributes'), attributes);
    plant(repo, program);
    // same size: git must read it again; or gone: git must write it out again
    if (change === 'modify') writeFileSync(path.join(repo, 'file'), 'y\n');
    else rmSync(path.join(repo, 'file'));
  };

/** A commit whose header carries a (fake) signature, so `git log --show-signature` verifies it. */
const signedHead: Plant = (repo, program) => {
  const tree = runGit(repo, 'write-tree').trim();
  const parent = runGit(repo, 'rev-parse', 'HEAD').trim();
  const body = `tree ${tree}\nparent ${parent}\nauthor n <a@b> 0 +0000\ncommitter n <a@b> 0 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n x\n -----END PGP SIGNATURE-----\n\nsigned\n`;
  const commit = spawnSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], {
    cwd: repo,
    input: body,
    env: PLAIN_GIT_ENV,
    encoding: 'utf8',
  }).stdout.trim();
  runGit(repo, 'update-ref', 'HEAD', commit);
  setting(['log.showSignature', 'true'], ['gpg.program', 'PROGRAM'])(repo, program);
};

const diverged: Plant = (repo, program) => {
  runGit(repo, 'checkout', '-qb', 'other');
  writeFileSync(path.join(repo, 'file'), 'other\n');
  runGit(repo, 'commit', '-qam', 'other');
  runGit(repo, 'checkout', '-q', 'main');
  writeFileSync(path.join(repo, 'file'), 'main\n');
  runGit(repo, 'commit', '-qam', 'main');
  writeFileSync(path.join(repo, '.gitattributes'), 'file merge=x\n');
  plantConfig(repo, 'merge.x.driver', `${program} %A`);
};

const remoteAt = (url: string, ...pairs: [string, string][]): Plant =>
  setting(['remote.origin.url', url], ['remote.origin.fetch', '+refs/heads/*:refs/remotes/origin/*'], ...pairs);

/**
 * Each key git executes, planted in a repository's own `.git/config`, and a command that makes
 * git run it: `forced` ones run with a harmless value, `asks` ones make the allowed command ask.
 */
const CASES: [key: string, plant: Plant, command: string, handling: 'forced' | 'asks'][] = [
  // the attack of issue 16
  [
    'gpg.ssh.defaultKeyCommand (commit.gpgSign, gpg.format=ssh)',
    setting(['gpg.format', 'ssh'], ['commit.gpgSign', 'true'], ['gpg.ssh.defaultKeyCommand', 'PROGRAM']),
    'git commit -q --allow-empty -m m',
    'asks',
  ],
  [
    'gpg.ssh.defaultKeyCommand (git commit -S)',
    setting(['gpg.format', 'ssh'], ['gpg.ssh.defaultKeyCommand', 'PROGRAM']),
    'git commit -S -q --allow-empty -m m',
    'asks',
  ],
  [
    'gpg.program (commit.gpgSign)',
    setting(['commit.gpgSign', 'true'], ['gpg.program', 'PROGRAM']),
    'git commit -q --allow-empty -m m',
    'asks',
  ],
  [
    'gpg.ssh.program',
    setting(
      ['gpg.format', 'ssh'],
      ['user.signingKey', 'key::ssh-ed25519 AAAA'],
      ['commit.gpgSign', 'true'],
      ['gpg.ssh.program', 'PROGRAM'],
    ),
    'git commit -q --allow-empty -m m',
    'asks',
  ],
  [
    'gpg.x509.program',
    setting(['gpg.format', 'x509'], ['commit.gpgSign', 'true'], ['gpg.x509.program', 'PROGRAM']),
    'git commit -q --allow-empty -m m',
    'asks',
  ],
  ['gpg.program (log.showSignature)', signedHead, 'git log -1', 'asks'],
  ['core.sshCommand', remoteAt('ssh://127.0.0.1:1/x', ['core.sshCommand', 'PROGRAM']), 'git fetch -q origin', 'forced'],
  // the first matching value wins, so no later value can reset it: GIT_PROXY_COMMAND (empty) does
  ['core.gitProxy', remoteAt('git://127.0.0.1:1/x', ['core.gitProxy', 'PROGRAM']), 'git fetch -q origin', 'forced'],
  [
    'protocol.ext.allow (an ext:: remote)',
    remoteAt('ext::PROGRAM', ['protocol.ext.allow', 'always']),
    'git fetch -q origin',
    'forced',
  ],
  [
    'core.askPass',
    setting(['core.askPass', 'PROGRAM']),
    'printf "protocol=https\\nhost=example.com\\n\\n" | git credential fill',
    'forced',
  ],
  [
    'credential.<url>.helper',
    setting(['credential.https://example.com.helper', '!PROGRAM']),
    'printf "protocol=https\\nhost=example.com\\n\\n" | git credential fill',
    'asks',
  ],
  ['sequence.editor', setting(['sequence.editor', 'PROGRAM']), 'git rebase -q -i --root', 'forced'],
  ['diff.external', withAttributes('', setting(['diff.external', 'PROGRAM'])), 'git diff', 'asks'],
  ['diff.<driver>.command', withAttributes('* diff=x\n', setting(['diff.x.command', 'PROGRAM'])), 'git diff', 'asks'],
  ['difftool.<tool>.cmd', withAttributes('', setting(['difftool.x.cmd', 'PROGRAM'])), 'git difftool -y -t x', 'asks'],
  [
    'filter.<driver>.process',
    withAttributes('* filter=x\n', setting(['filter.x.process', 'PROGRAM'])),
    'git status',
    'asks',
  ],
  [
    'filter.<driver>.smudge',
    withAttributes('* filter=x\n', setting(['filter.x.smudge', 'PROGRAM']), 'remove'),
    'git checkout -q -f HEAD -- file',
    'asks',
  ],
  ['merge.<driver>.driver', diverged, 'git merge -q other', 'asks'],
  ['alias.* (a shell alias)', setting(['alias.st', '!PROGRAM']), 'git st', 'asks'],
  [
    'trailer.<token>.command',
    setting(['trailer.t.command', 'PROGRAM']),
    'git commit -q --allow-empty -m m --trailer t=v',
    'asks',
  ],
  ['tar.<format>.command', setting(['tar.x.command', 'PROGRAM']), 'git archive --format=x HEAD', 'asks'],
];

const PREFIXES = [
  'git commit',
  'git log',
  'git fetch',
  'git credential',
  'printf',
  'git rebase',
  'git diff',
  'git difftool',
  'git status',
  'git checkout',
  'git merge',
  'git st',
  'git archive',
];

describe.each(['off', 'auto'] as const)(
  `${ShellExecTool.name} and every git setting that names a program (sandbox: %s)`,
  (sandbox) => {
    let shell: ShellHarness;

    beforeAll(async () => {
      const rules: PolicyRule[] = [
        ...PREFIXES.map((pattern): PolicyRule => ({ effect: 'allow', kind: 'shell.exec', pattern })),
        { effect: 'allow', kind: 'fs.read' },
        { effect: 'allow', kind: 'fs.write' },
      ];
      shell = await createShellHarness({
        checker: new PolicyPermissionChecker({ rules, fallback: 'deny' }),
        shell: { sandbox },
      });
    });

    afterAll(async () => {
      await shell.close();
    });

    it('runs an approved git commit -S without the planted gpg.ssh.defaultKeyCommand (the forced value still holds)', async () => {
      const repo = path.join(shell.root, 'repo');
      rmSync(repo, { recursive: true, force: true });
      makeRepository(repo);
      const marker = path.join(shell.root, 'program-ran');
      const program = path.join(shell.root, 'program.sh');
      writeMarkerProgram(program, marker);
      setting(['gpg.format', 'ssh'], ['gpg.ssh.defaultKeyCommand', 'PROGRAM'])(repo, program);
      const request = {
        callId: `approved-${sandbox}`,
        toolName: 'shell_exec',
        input: { command: 'git commit -S -q --allow-empty -m m', cwd: repo },
        sessionId: 'session-1',
        turnId: 'turn-1',
        metadata: {},
      };

      const asked = await shell.executor.execute(request);
      if (asked.status !== 'interrupted' || asked.interruption.type !== 'approval_required')
        throw new Error(`expected an approval, got ${asked.status}`);
      const resumed = await shell.executor.executeApproved(request, asked.interruption.approval);

      expect([resumed.status, existsSync(marker)]).toStrictEqual(['completed', false]);
    });

    it.each(CASES)(
      '%s: under an allowed prefix the program never runs (%s: %s)',
      async (_key, plant, command, handling) => {
        const repo = path.join(shell.root, 'repo');
        rmSync(repo, { recursive: true, force: true });
        makeRepository(repo);
        const marker = path.join(shell.root, 'program-ran');
        const program = path.join(shell.root, 'program.sh');
        writeMarkerProgram(program, marker);
        plant(repo, program);
        // The witness: git as a person runs it executes the planted program (so the plant is real).
        spawnSync('/bin/bash', ['-c', command], { cwd: repo, env: PLAIN_GIT_ENV, stdio: 'ignore', timeout: 10_000 });
        const planted = existsSync(marker);
        rmSync(marker, { force: true });

        const outcome = await shell.run({ command, cwd: repo });

        expect({ planted, ran: existsSync(marker) }).toStrictEqual({ planted: true, ran: false });
        expect(outcome).toMatchObject(
          handling === 'asks'
            ? {
                status: 'interrupted',
                interruption: {
                  type: 'approval_required',
                  approval: { requests: [{ metadata: { risks: ['repository_programs'] } }] },
                },
              }
            : { status: 'completed' },
        );
      },
      20_000,
    );
  },
);
