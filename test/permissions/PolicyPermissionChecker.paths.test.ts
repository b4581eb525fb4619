import { describe, expect, it } from '@jest/globals';
import { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import { PolicyPermissionChecker } from '../../src/permissions/PolicyPermissionChecker.js';
import { buildPolicyChecker } from './fixtures/buildPolicyChecker.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

describe(PolicyPermissionChecker.name, () => {
  describe('.evaluate', () => {
    it('allows an fs path matched by an allow glob', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.*', pattern: '/w/**' }]);

      expect(checker.evaluate(buildRequest('fs.write', '/w/src/a.ts'))).toStrictEqual(PermissionDecision.allow());
    });

    it('matches dotfiles and dot folders with globs', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.read', pattern: '/w/**' }]);

      expect(checker.evaluate(buildRequest('fs.read', '/w/.config/app/.env'))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('denies a dotfile anywhere with a ** deny glob', () => {
      const checker = buildPolicyChecker(
        [
          { effect: 'allow', kind: 'fs.*' },
          { effect: 'deny', kind: 'fs.*', pattern: '**/.env' },
        ],
        'allow',
      );

      expect(checker.evaluate(buildRequest('fs.read', '/w/sub/.env'))).toStrictEqual(
        PermissionDecision.deny('fs.read "/w/sub/.env" is denied by policy rule deny fs.* "**/.env".', 'policy_denied'),
      );
    });

    it('does not let a single * cross folders', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.read', pattern: '/w/*' }]);

      expect(checker.evaluate(buildRequest('fs.read', '/w/sub/a.txt'))).toStrictEqual(
        PermissionDecision.deny(
          'fs.read "/w/sub/a.txt" is denied: no policy allow rule covers "/w/sub/a.txt", and the policy fallback is "deny".',
          'policy_denied',
        ),
      );
    });

    it('denies a move when its destination matches a deny rule', () => {
      const checker = buildPolicyChecker([{ effect: 'deny', kind: 'fs.*', pattern: '/etc/**' }], 'allow');
      const move = buildRequest('fs.move', '/w/a.txt', { paths: ['/w/a.txt', '/etc/cron.d/job'] });

      expect(checker.evaluate(move)).toStrictEqual(
        PermissionDecision.deny('fs.move "/w/a.txt" is denied by policy rule deny fs.* "/etc/**".', 'policy_denied'),
      );
    });

    it('allows a move only when allow rules cover both ends', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.move', pattern: '/w/**' }], 'ask');

      expect(checker.evaluate(buildRequest('fs.move', '/w/a', { paths: ['/w/a', '/w/b'] }))).toStrictEqual(
        PermissionDecision.allow(),
      );
      expect(checker.evaluate(buildRequest('fs.move', '/w/a', { paths: ['/w/a', '/tmp/b'] }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.move "/w/a" needs approval: no policy allow rule covers "/tmp/b", and the policy fallback is "ask".',
        ),
      );
    });

    it('lets different allow rules cover different ends of a move', () => {
      const checker = buildPolicyChecker([
        { effect: 'allow', kind: 'fs.move', pattern: '/w/**' },
        { effect: 'allow', kind: 'fs.*', pattern: '/tmp/**' },
      ]);

      expect(checker.evaluate(buildRequest('fs.move', '/w/a', { paths: ['/w/a', '/tmp/b'] }))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('checks metadata.paths when the request has no target', () => {
      const checker = buildPolicyChecker([{ effect: 'ask', kind: 'fs.*', pattern: '/w/secret/**' }], 'allow');

      expect(checker.evaluate(buildRequest('fs.delete', undefined, { paths: ['/w/secret/k'] }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.delete (no target) needs approval: policy rule ask fs.* "/w/secret/**" asks for it.',
        ),
      );
    });

    it('requires approval for a protected path allowed by a glob', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.*', pattern: '/w/**' }]);

      expect(checker.evaluate(buildRequest('fs.write', '/w/.env', { protected: true }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.write "/w/.env" needs approval: it touches a protected path, and no allow rule names that exact target.',
        ),
      );
    });

    it('allows a protected path that an allow rule names exactly', () => {
      const checker = buildPolicyChecker([
        { effect: 'allow', kind: 'fs.*', pattern: '/w/**' },
        { effect: 'allow', kind: 'fs.write', pattern: '/w/.env' },
      ]);

      expect(checker.evaluate(buildRequest('fs.write', '/w/.env', { protected: true }))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('does not count an exact rule of another kind as naming a protected path', () => {
      const checker = buildPolicyChecker([
        { effect: 'allow', kind: 'fs.*', pattern: '/w/**' },
        { effect: 'allow', kind: 'fs.read', pattern: '/w/.env' },
      ]);

      expect(checker.evaluate(buildRequest('fs.write', '/w/.env', { protected: true }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.write "/w/.env" needs approval: it touches a protected path, and no allow rule names that exact target.',
        ),
      );
    });

    it('requires every path of a protected move to be named exactly', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.move', pattern: '/w/a' }], 'allow');
      const move = buildRequest('fs.move', '/w/a', { paths: ['/w/a', '/w/.git/config'], protected: true });

      expect(checker.evaluate(move)).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.move "/w/a" needs approval: it touches a protected path, and no allow rule names that exact target.',
        ),
      );
    });

    it('requires approval for a protected path under an allow fallback', () => {
      const checker = buildPolicyChecker([], 'allow');

      expect(checker.evaluate(buildRequest('fs.edit', '/w/.npmrc', { protected: true }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.edit "/w/.npmrc" needs approval: it touches a protected path, and no allow rule names that exact target.',
        ),
      );
    });

    it('requires approval for a hard-linked file allowed by a glob, a kind-wide rule or the fallback', () => {
      const read = buildRequest('fs.read', '/w/hard.txt', { hardLinked: true });
      const expected = PermissionDecision.requireApproval(
        'fs.read "/w/hard.txt" needs approval: the file has more than one hard link, so it may be a window onto a file outside the workspace, and no allow rule names that exact target.',
      );

      expect([
        buildPolicyChecker([{ effect: 'allow', kind: 'fs.*', pattern: '/w/**' }]).evaluate(read),
        buildPolicyChecker([{ effect: 'allow', kind: 'fs.*' }]).evaluate(read),
        buildPolicyChecker([], 'allow').evaluate(read),
      ]).toStrictEqual([expected, expected, expected]);
    });

    it('allows a hard-linked file that an allow rule of its kind names exactly', () => {
      const checker = buildPolicyChecker([
        { effect: 'allow', kind: 'fs.*', pattern: '/w/**' },
        { effect: 'allow', kind: 'fs.read', pattern: '/w/hard.txt' },
      ]);

      expect(checker.evaluate(buildRequest('fs.read', '/w/hard.txt', { hardLinked: true }))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('names both reasons for a hard-linked file at a protected path', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.*' }]);

      expect(checker.evaluate(buildRequest('fs.read', '/w/.env', { protected: true, hardLinked: true }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.read "/w/.env" needs approval: it touches a protected path, and the file has more than one hard link, so it may be a window onto a file outside the workspace, and no allow rule names that exact target.',
        ),
      );
    });

    it('treats protected only when it is exactly true', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.*' }]);

      expect(checker.evaluate(buildRequest('fs.write', '/w/a', { protected: 'no' }))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('denies a request whose metadata.paths is not an array of strings', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.*' }], 'allow');

      expect(checker.evaluate(buildRequest('fs.move', '/w/a', { paths: ['/w/a', 3] }))).toStrictEqual(
        PermissionDecision.deny(
          'fs.move "/w/a" is denied: the request cannot be checked because metadata.paths must be an array of strings. The tool that raised it must fix its permission request.',
          'malformed_request',
        ),
      );
    });
  });
});
