import { describe, expect, it } from '@jest/globals';
import { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import { PolicyPermissionChecker } from '../../src/permissions/PolicyPermissionChecker.js';
import { buildPolicyChecker } from './fixtures/buildPolicyChecker.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

const ALLOW_GIT_STATUS = buildPolicyChecker([{ effect: 'allow', kind: 'shell.exec', pattern: 'git status' }], 'ask');

function askFallback(command: string, uncovered: string): PermissionDecision {
  return PermissionDecision.requireApproval(
    `shell.exec ${JSON.stringify(command)} needs approval: no policy allow rule covers ${JSON.stringify(uncovered)}, and the policy fallback is "ask".`,
  );
}

describe(PolicyPermissionChecker.name, () => {
  describe('.evaluate', () => {
    it.each(['git status', 'git status -s', 'git status --porcelain src'])(
      'allows %j with the prefix "git status"',
      (command) => {
        expect(ALLOW_GIT_STATUS.evaluate(buildRequest('shell.exec', command))).toStrictEqual(
          PermissionDecision.allow(),
        );
      },
    );

    it.each(['git statusx', 'git', 'git log', 'gitstatus', 'xgit status'])(
      'does not allow %j with the prefix "git status"',
      (command) => {
        expect(ALLOW_GIT_STATUS.evaluate(buildRequest('shell.exec', command))).toStrictEqual(
          askFallback(command, command),
        );
      },
    );

    it('normalizes whitespace in commands', () => {
      expect(ALLOW_GIT_STATUS.evaluate(buildRequest('shell.exec', '  git \t status   -s\n'))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('normalizes whitespace in patterns', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'shell.exec', pattern: ' git   status ' }]);

      expect(checker.evaluate(buildRequest('shell.exec', 'git status'))).toStrictEqual(PermissionDecision.allow());
    });

    it('does not allow a compound command when one subcommand is not allowed', () => {
      const command = 'git status && rm -rf /';
      const request = buildRequest('shell.exec', command, { subcommands: ['git status', 'rm -rf /'] });

      expect(ALLOW_GIT_STATUS.evaluate(request)).toStrictEqual(askFallback(command, 'rm -rf /'));
    });

    it('allows a compound command when allow rules cover every subcommand', () => {
      const checker = buildPolicyChecker([
        { effect: 'allow', kind: 'shell.exec', pattern: 'git status' },
        { effect: 'allow', kind: 'shell.exec', pattern: 'wc -l' },
      ]);
      const request = buildRequest('shell.exec', 'git status | wc -l', { subcommands: ['git status', 'wc -l'] });

      expect(checker.evaluate(request)).toStrictEqual(PermissionDecision.allow());
    });

    it('denies a compound command when a deny rule matches any subcommand', () => {
      const checker = buildPolicyChecker([
        { effect: 'allow', kind: 'shell.exec' },
        { effect: 'deny', kind: 'shell.exec', pattern: 'rm' },
      ]);
      const request = buildRequest('shell.exec', 'ls; rm -rf build', { subcommands: ['ls', 'rm -rf build'] });

      expect(checker.evaluate(request)).toStrictEqual(
        PermissionDecision.deny(
          'shell.exec "ls; rm -rf build" is denied by policy rule deny shell.exec "rm".',
          'policy_denied',
        ),
      );
    });

    it('reads subcommands given as arrays of words', () => {
      const request = buildRequest('shell.exec', "git status && echo 'a b'", {
        subcommands: [
          ['git', 'status'],
          ['echo', 'a b'],
        ],
      });

      expect(ALLOW_GIT_STATUS.evaluate(request)).toStrictEqual(askFallback("git status && echo 'a b'", 'echo a b'));
    });

    it('compares words exactly, so a quoted word with a space is one word', () => {
      const request = buildRequest('shell.exec', "'git status' -s", { subcommands: [['git status', '-s']] });

      expect(ALLOW_GIT_STATUS.evaluate(request)).toStrictEqual(askFallback("'git status' -s", 'git status -s'));
    });

    it('uses the target when subcommands are empty', () => {
      const request = buildRequest('shell.exec', 'git status', { subcommands: [] });

      expect(ALLOW_GIT_STATUS.evaluate(request)).toStrictEqual(PermissionDecision.allow());
    });

    it('never allows by pattern a shell request with neither subcommands nor target', () => {
      expect(ALLOW_GIT_STATUS.evaluate(buildRequest('shell.exec'))).toStrictEqual(
        PermissionDecision.requireApproval(
          'shell.exec (no target) needs approval: no policy rule allows it, and the policy fallback is "ask".',
        ),
      );
    });

    it('requires approval for an allowed command that carries risk flags', () => {
      const request = buildRequest('shell.exec', 'git status > out.txt', { risks: ['redirection'] });

      expect(ALLOW_GIT_STATUS.evaluate(request)).toStrictEqual(
        PermissionDecision.requireApproval(
          'shell.exec "git status > out.txt" needs approval: it carries risk flags (redirection) that an allow rule does not cover.',
        ),
      );
    });

    it('requires approval for risk flags under an allow fallback', () => {
      const checker = buildPolicyChecker([], 'allow');
      const request = buildRequest('shell.exec', 'echo $(id)', { risks: ['substitution', 'wrapper'] });

      expect(checker.evaluate(request)).toStrictEqual(
        PermissionDecision.requireApproval(
          'shell.exec "echo $(id)" needs approval: it carries risk flags (substitution, wrapper) that an allow rule does not cover.',
        ),
      );
    });

    it('keeps a deny for a risky command a deny', () => {
      const checker = buildPolicyChecker([{ effect: 'deny', kind: 'shell.exec', pattern: 'curl' }], 'allow');
      const request = buildRequest('shell.exec', 'curl x | sh', { subcommands: ['curl x', 'sh'], risks: ['pipe'] });

      expect(checker.evaluate(request)).toStrictEqual(
        PermissionDecision.deny(
          'shell.exec "curl x | sh" is denied by policy rule deny shell.exec "curl".',
          'policy_denied',
        ),
      );
    });

    it('allows an empty risks array', () => {
      expect(ALLOW_GIT_STATUS.evaluate(buildRequest('shell.exec', 'git status', { risks: [] }))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it.each([
      [{ subcommands: 'git status' }, 'metadata.subcommands must be an array'],
      [
        { subcommands: ['git status', 7] },
        'every entry of metadata.subcommands must be a string or an array of strings',
      ],
      [{ risks: 'substitution' }, 'metadata.risks must be an array of strings'],
    ])('denies a request with malformed metadata %j', (metadata, problem) => {
      expect(ALLOW_GIT_STATUS.evaluate(buildRequest('shell.exec', 'git status', metadata))).toStrictEqual(
        PermissionDecision.deny(
          `shell.exec "git status" is denied: the request cannot be checked because ${problem}. The tool that raised it must fix its permission request.`,
          'malformed_request',
        ),
      );
    });
  });
});
