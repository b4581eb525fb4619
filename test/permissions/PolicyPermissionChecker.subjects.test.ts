import { describe, expect, it } from '@jest/globals';
import { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import { PolicyPermissionChecker } from '../../src/permissions/PolicyPermissionChecker.js';
import type { PolicySubjects } from '../../src/permissions/PolicySubjects.js';
import { AcmeRequest, OLD_METADATA_KEYS } from './fixtures/AcmeRequest.js';
import { buildPolicyChecker } from './fixtures/buildPolicyChecker.js';

const sync = (subjects: PolicySubjects): AcmeRequest => new AcmeRequest('acme.sync', 'nightly sync', subjects);

describe(PolicyPermissionChecker.name, () => {
  describe('.evaluate (typed policy subjects of a third-party request)', () => {
    it('matches path rules against its paths, not its target', () => {
      const checker = buildPolicyChecker([{ effect: 'deny', kind: 'acme.*', pattern: '/etc/**' }], 'allow');

      expect(
        checker.evaluate(
          sync({
            paths: [
              { path: '/w/a', access: 'read' },
              { path: '/etc/passwd', access: 'write' },
            ],
          }),
        ),
      ).toStrictEqual(
        PermissionDecision.deny(
          'acme.sync "nightly sync" is denied by policy rule deny acme.* "/etc/**".',
          'policy_denied',
        ),
      );
    });

    it('allows only when allow rules cover every path', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'acme.sync', pattern: '/w/**' }], 'ask');

      expect([
        checker.evaluate(sync({ paths: [{ path: '/w/a', access: 'write' }] })),
        checker.evaluate(
          sync({
            paths: [
              { path: '/w/a', access: 'write' },
              { path: '/tmp/b', access: 'write' },
            ],
          }),
        ),
      ]).toStrictEqual([
        PermissionDecision.allow(),
        PermissionDecision.requireApproval(
          'acme.sync "nightly sync" needs approval: no policy allow rule covers "/tmp/b", and the policy fallback is "ask".',
        ),
      ]);
    });

    it('asks for a protected or hard-linked path that no allow rule names exactly', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'acme.*', pattern: '/w/**' }]);

      expect([
        checker.evaluate(sync({ paths: [{ path: '/w/.env', access: 'read', protected: true }] })),
        checker.evaluate(sync({ paths: [{ path: '/w/h', access: 'read', hardLinked: true }] })).type,
        buildPolicyChecker([{ effect: 'allow', kind: 'acme.*', pattern: '/w/.env' }]).evaluate(
          sync({ paths: [{ path: '/w/.env', access: 'read', protected: true }] }),
        ),
      ]).toStrictEqual([
        PermissionDecision.requireApproval(
          'acme.sync "nightly sync" needs approval: it touches a protected path, and no allow rule names that exact target.',
        ),
        'require_approval',
        PermissionDecision.allow(),
      ]);
    });

    it('matches command rules against every subcommand, and risks turn an allow into an ask', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'acme.run', pattern: 'make' }], 'deny');
      const run = (subjects: PolicySubjects): AcmeRequest => new AcmeRequest('acme.run', 'deploy script', subjects);

      expect([
        checker.evaluate(run({ command: { subcommands: [['make', 'build']] } })),
        checker.evaluate(
          run({
            command: {
              subcommands: [
                ['make', 'build'],
                ['rm', '-rf', '/'],
              ],
            },
          }),
        ),
        checker.evaluate(run({ command: { subcommands: [['make', 'build']] }, risks: ['command_substitution'] })),
      ]).toStrictEqual([
        PermissionDecision.allow(),
        PermissionDecision.deny(
          'acme.run "deploy script" is denied: no policy allow rule covers "rm -rf /", and the policy fallback is "deny".',
          'policy_denied',
        ),
        PermissionDecision.requireApproval(
          'acme.run "deploy script" needs approval: it carries risk flags (command_substitution) that an allow rule does not cover.',
        ),
      ]);
    });

    it('lets no metadata key change a decision by itself', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.read', pattern: '/w/**' }]);
      const subjects: PolicySubjects = { paths: [{ path: '/w/a', access: 'read' }] };

      expect([
        checker.evaluate(new AcmeRequest('fs.read', '/w/a', subjects)),
        checker.evaluate(new AcmeRequest('fs.read', '/w/a', subjects, OLD_METADATA_KEYS)),
        checker.evaluate(new AcmeRequest('fs.read', '/w/a', subjects, { paths: 'nope', subcommands: 7, risks: {} })),
      ]).toStrictEqual([PermissionDecision.allow(), PermissionDecision.allow(), PermissionDecision.allow()]);
    });

    it('refuses an fs.* request without paths rather than matching its target (a deny rule cannot be dodged)', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.*', pattern: '/w/**' }], 'allow');

      expect(
        checker.evaluate(new AcmeRequest('fs.move', '/w/a', {}, { paths: ['/w/a', '/etc/cron.d/job'] })).type,
      ).toBe('deny');
    });

    it('matches the target of a request with neither paths nor command', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'acme.*', pattern: 'nightly*' }]);

      expect([checker.evaluate(sync({})), checker.evaluate(sync({ mcp: { server: 'acme' } }))]).toStrictEqual([
        PermissionDecision.allow(),
        PermissionDecision.allow(),
      ]);
    });
  });
});
