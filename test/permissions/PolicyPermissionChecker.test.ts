import { describe, expect, it } from '@jest/globals';
import { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import { PolicyPermissionChecker } from '../../src/permissions/PolicyPermissionChecker.js';
import type { PolicyRule } from '../../src/permissions/PolicyRule.js';
import { buildPolicyChecker, TEST_CONTEXT } from './fixtures/buildPolicyChecker.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

describe(PolicyPermissionChecker.name, () => {
  describe('.evaluate', () => {
    it('applies an exact kind only to that kind', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.read' }]);

      expect(checker.evaluate(buildRequest('fs.read', '/w/a'), TEST_CONTEXT)).toStrictEqual(PermissionDecision.allow());
      expect(checker.evaluate(buildRequest('fs.readx', '/w/a'), TEST_CONTEXT)).toStrictEqual(
        PermissionDecision.deny(
          'fs.readx "/w/a" is denied: no policy allow rule covers "/w/a", and the policy fallback is "deny".',
          'policy_denied',
        ),
      );
    });

    it('applies a kind ending in * to every kind with that prefix', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'fs.*' }]);

      expect(checker.evaluate(buildRequest('fs.write', '/w/a'))).toStrictEqual(PermissionDecision.allow());
      expect(checker.evaluate(buildRequest('shell.exec', 'ls'))).toStrictEqual(
        PermissionDecision.deny(
          'shell.exec "ls" is denied: no policy allow rule covers "ls", and the policy fallback is "deny".',
          'policy_denied',
        ),
      );
    });

    it('applies kind * to every kind', () => {
      const checker = buildPolicyChecker([{ effect: 'ask', kind: '*' }], 'allow');

      expect(checker.evaluate(buildRequest('custom.deploy', 'prod'))).toStrictEqual(
        PermissionDecision.requireApproval(
          'custom.deploy "prod" needs approval: policy rule ask * (any target) asks for it.',
        ),
      );
    });

    it('matches a rule without pattern even when the request has no target', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'tool.invoke' }]);

      expect(checker.evaluate(buildRequest('tool.invoke'))).toStrictEqual(PermissionDecision.allow());
    });

    it('never matches a pattern rule against a request without target', () => {
      const checker = buildPolicyChecker(
        [
          { effect: 'allow', kind: 'tool.invoke', pattern: '*' },
          { effect: 'deny', kind: 'tool.invoke', pattern: '**' },
        ],
        'ask',
      );

      expect(checker.evaluate(buildRequest('tool.invoke'))).toStrictEqual(
        PermissionDecision.requireApproval(
          'tool.invoke (no target) needs approval: no policy rule allows it, and the policy fallback is "ask".',
        ),
      );
    });

    it('matches MCP targets with a glob over server/tool', () => {
      const checker = buildPolicyChecker([{ effect: 'allow', kind: 'mcp.*', pattern: 'github/*' }]);

      expect(checker.evaluate(buildRequest('mcp.invoke_tool', 'github/create_issue'))).toStrictEqual(
        PermissionDecision.allow(),
      );
      expect(checker.evaluate(buildRequest('mcp.invoke_tool', 'gitlab/create_issue'))).toStrictEqual(
        PermissionDecision.deny(
          'mcp.invoke_tool "gitlab/create_issue" is denied: no policy allow rule covers "gitlab/create_issue", and the policy fallback is "deny".',
          'policy_denied',
        ),
      );
    });

    it('does not let a one-segment MCP glob cross a slash', () => {
      const checker = buildPolicyChecker([{ effect: 'deny', kind: 'mcp.invoke_tool', pattern: '*' }], 'allow');

      expect(checker.evaluate(buildRequest('mcp.invoke_tool', 'github/delete_repo'))).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('matches custom kinds with a glob over the target', () => {
      const checker = buildPolicyChecker([{ effect: 'deny', kind: 'custom.*', pattern: 'prod-*' }], 'allow');

      expect(checker.evaluate(buildRequest('custom.deploy', 'prod-eu'))).toStrictEqual(
        PermissionDecision.deny(
          'custom.deploy "prod-eu" is denied by policy rule deny custom.* "prod-*".',
          'policy_denied',
        ),
      );
    });

    it('lets deny win over ask and allow whatever the rule order', () => {
      const rules: PolicyRule[] = [
        { effect: 'allow', kind: 'fs.write' },
        { effect: 'ask', kind: 'fs.*' },
        { effect: 'deny', kind: 'fs.write', pattern: '/etc/**' },
      ];
      const expected = PermissionDecision.deny(
        'fs.write "/etc/passwd" is denied by policy rule deny fs.write "/etc/**".',
        'policy_denied',
      );

      expect(buildPolicyChecker(rules).evaluate(buildRequest('fs.write', '/etc/passwd'))).toStrictEqual(expected);
      expect(buildPolicyChecker([...rules].reverse()).evaluate(buildRequest('fs.write', '/etc/passwd'))).toStrictEqual(
        expected,
      );
    });

    it('lets ask win over allow whatever the rule order', () => {
      const rules: PolicyRule[] = [
        { effect: 'allow', kind: 'shell.exec', pattern: 'git' },
        { effect: 'ask', kind: 'shell.exec', pattern: 'git push' },
      ];
      const expected = PermissionDecision.requireApproval(
        'shell.exec "git push origin" needs approval: policy rule ask shell.exec "git push" asks for it.',
      );

      expect(buildPolicyChecker(rules).evaluate(buildRequest('shell.exec', 'git push origin'))).toStrictEqual(expected);
      expect(
        buildPolicyChecker([...rules].reverse()).evaluate(buildRequest('shell.exec', 'git push origin')),
      ).toStrictEqual(expected);
    });

    it('names every matching deny rule, sorted, once each', () => {
      const checker = buildPolicyChecker([
        { effect: 'deny', kind: 'fs.write', pattern: '/etc/**' },
        { effect: 'deny', kind: 'fs.*' },
        { effect: 'deny', kind: 'fs.write', pattern: '/etc/**' },
      ]);

      expect(checker.evaluate(buildRequest('fs.write', '/etc/hosts'))).toStrictEqual(
        PermissionDecision.deny(
          'fs.write "/etc/hosts" is denied by policy rules deny fs.* (any target), deny fs.write "/etc/**".',
          'policy_denied',
        ),
      );
    });

    it.each([
      ['allow', PermissionDecision.allow()],
      [
        'deny',
        PermissionDecision.deny(
          'shell.exec "make" is denied: no policy allow rule covers "make", and the policy fallback is "deny".',
          'policy_denied',
        ),
      ],
      [
        'ask',
        PermissionDecision.requireApproval(
          'shell.exec "make" needs approval: no policy allow rule covers "make", and the policy fallback is "ask".',
        ),
      ],
    ] as const)('returns the fallback %s when no rule decides', (fallback, expected) => {
      const checker = buildPolicyChecker([{ effect: 'deny', kind: 'fs.*' }], fallback);

      expect(checker.evaluate(buildRequest('shell.exec', 'make'))).toStrictEqual(expected);
    });

    it('ignores changes to the rules array after construction', () => {
      const rules: PolicyRule[] = [{ effect: 'deny', kind: 'shell.exec' }];
      const checker = buildPolicyChecker(rules, 'allow');
      rules.length = 0;

      expect(checker.evaluate(buildRequest('shell.exec', 'ls'))).toStrictEqual(
        PermissionDecision.deny(
          'shell.exec "ls" is denied by policy rule deny shell.exec (any target).',
          'policy_denied',
        ),
      );
    });
  });
});
