import { describe, expect, it } from '@jest/globals';
import { PolicyPermissionChecker, PermissionDecision } from '../../src/index.js';
import {
  ShellPermissionRequest,
  ShellProgramWritePermissionRequest,
  ShellRedirectPermissionRequest,
  type ShellPermissionFacts,
} from '../../src/shell/index.js';

const FACTS: ShellPermissionFacts = {
  command: 'git status && npm test',
  form: 'command',
  subcommands: [
    ['git', 'status'],
    ['npm', 'test'],
  ],
  risks: [],
  cwd: '/w',
  envKeys: [],
  redirections: [],
};

describe(ShellPermissionRequest.name, () => {
  describe('.toJSON', () => {
    it('serializes kind, summary, target and metadata', () => {
      expect(
        new ShellPermissionRequest({ ...FACTS, risks: ['redirection'], redirections: ['/w/out'] }).toJSON(),
      ).toStrictEqual({
        kind: 'shell.exec',
        summary: 'run "git status && npm test" in /w (redirection)',
        target: 'git status && npm test',
        metadata: {
          form: 'command',
          subcommands: [
            ['git', 'status'],
            ['npm', 'test'],
          ],
          risks: ['redirection'],
          cwd: '/w',
          envKeys: [],
          redirections: ['/w/out'],
          sandboxed: false,
        },
      });
    });
  });

  describe('.summary', () => {
    it('shortens long commands, saying how many characters were left out, and keeps all of it in target', () => {
      const command = `git status -- ${'x'.repeat(300)}; touch /tmp/pwned`;
      const request = new ShellPermissionRequest({ ...FACTS, command });
      expect({ summary: request.summary(), target: request.target }).toStrictEqual({
        summary: `run "${command.slice(0, 200)}"… [132 more characters] in /w`,
        target: command,
      });
    });
  });

  it('is matched by PolicyPermissionChecker against every subcommand, on word boundaries', () => {
    const checker = new PolicyPermissionChecker({
      rules: [
        { effect: 'allow', kind: 'shell.exec', pattern: 'git status' },
        { effect: 'allow', kind: 'shell.exec', pattern: 'npm test' },
      ],
      fallback: 'deny',
    });

    expect(checker.evaluate(new ShellPermissionRequest(FACTS))).toStrictEqual(PermissionDecision.allow());
    expect(checker.evaluate(new ShellPermissionRequest({ ...FACTS, subcommands: [['git', 'statusx']] })).type).toBe(
      'deny',
    );
    expect(checker.evaluate(new ShellPermissionRequest({ ...FACTS, risks: ['background'] })).type).toBe(
      'require_approval',
    );
  });
});

describe(ShellPermissionRequest.name, () => {
  describe('.policySubjects', () => {
    it('gives the command (every subcommand, sandboxed or not) and its risk flags', () => {
      expect([
        new ShellPermissionRequest({ ...FACTS, risks: ['background'], sandboxed: true }).policySubjects(),
        new ShellPermissionRequest({ ...FACTS, command: '  ', subcommands: [] }).policySubjects(),
      ]).toStrictEqual([
        {
          command: {
            subcommands: [
              ['git', 'status'],
              ['npm', 'test'],
            ],
            sandboxed: true,
          },
          risks: ['background'],
        },
        { command: { subcommands: [[]], sandboxed: false }, risks: [] },
      ]);
    });
  });
});

describe(ShellProgramWritePermissionRequest.name, () => {
  it('describes the one path its program writes', () => {
    expect([
      new ShellProgramWritePermissionRequest('/w/out', 'sort', '-o', false).policySubjects(),
      new ShellRedirectPermissionRequest('/w/.npmrc', '>>', true).policySubjects(),
    ]).toStrictEqual([
      { paths: [{ path: '/w/out', access: 'write' }] },
      { paths: [{ path: '/w/.npmrc', access: 'write', protected: true }] },
    ]);
  });
});

describe(ShellRedirectPermissionRequest.name, () => {
  it('is an fs.write request on the canonical target', () => {
    expect(new ShellRedirectPermissionRequest('/w/.npmrc', '>>', true).toJSON()).toStrictEqual({
      kind: 'fs.write',
      summary: 'write /w/.npmrc (shell redirection >>)',
      target: '/w/.npmrc',
      metadata: { source: 'shell_redirection', operator: '>>', protected: true },
    });
  });
});
