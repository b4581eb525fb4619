import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DefaultPermissionChecker } from '../../src/permissions/DefaultPermissionChecker.js';
import { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import { READ_ONLY_KINDS } from './fixtures/buildLegacyPolicySubjects.js';
import { ToolInvokePermissionRequest } from '../../src/permissions/ToolInvokePermissionRequest.js';
import type { PermissionRequest } from '../../src/permissions/PermissionRequest.js';
import { TEST_CONTEXT } from './fixtures/buildPolicyChecker.js';
import { PATHS, REQUEST_KINDS } from './fixtures/policyArbitraries.js';
import { PrefixPathContainment } from './fixtures/PrefixPathContainment.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

const checker = new DefaultPermissionChecker(new PrefixPathContainment(['/w', '/data']));
const CHANGE = 'it changes the workspace, and the default policy asks before every change';

describe(DefaultPermissionChecker.name, () => {
  describe('.evaluate', () => {
    it.each(['fs.read', 'fs.list'])('allows %s inside the roots', (kind) => {
      expect(checker.evaluate(buildRequest(kind, '/data/a.csv'), TEST_CONTEXT)).toStrictEqual(
        PermissionDecision.allow(),
      );
    });

    it('allows a read naming a root itself', () => {
      expect(checker.evaluate(buildRequest('fs.list', '/w'))).toStrictEqual(PermissionDecision.allow());
    });

    it('denies a read outside every root', () => {
      expect(checker.evaluate(buildRequest('fs.read', '/etc/passwd'))).toStrictEqual(
        PermissionDecision.deny(
          'fs.read "/etc/passwd" is denied: "/etc/passwd" is outside every workspace root. Use a path inside the workspace.',
          'outside_roots',
        ),
      );
    });

    it('denies a sibling folder that only shares the root as a prefix', () => {
      expect(checker.evaluate(buildRequest('fs.read', '/w_evil/a'))).toStrictEqual(
        PermissionDecision.deny(
          'fs.read "/w_evil/a" is denied: "/w_evil/a" is outside every workspace root. Use a path inside the workspace.',
          'outside_roots',
        ),
      );
    });

    it('denies a write outside every root rather than asking', () => {
      expect(checker.evaluate(buildRequest('fs.write', '/etc/cron.d/job', { protected: true }))).toStrictEqual(
        PermissionDecision.deny(
          'fs.write "/etc/cron.d/job" is denied: "/etc/cron.d/job" is outside every workspace root. Use a path inside the workspace.',
          'outside_roots',
        ),
      );
    });

    it('denies a move whose destination is outside every root', () => {
      const move = buildRequest('fs.move', '/w/a', { paths: ['/w/a', '/tmp/a', '/var/a'] });

      expect(checker.evaluate(move)).toStrictEqual(
        PermissionDecision.deny(
          'fs.move "/w/a" is denied: "/tmp/a", "/var/a" are outside every workspace root. Use a path inside the workspace.',
          'outside_roots',
        ),
      );
    });

    it('denies an fs request that names no path', () => {
      expect(checker.evaluate(buildRequest('fs.read'))).toStrictEqual(
        PermissionDecision.deny(
          'fs.read (no target) is denied: it names no path, so it cannot be checked against the workspace roots.',
          'outside_roots',
        ),
      );
    });

    it.each(['fs.write', 'fs.edit', 'fs.delete', 'fs.mkdir', 'fs.chmod'])(
      'requires approval for %s inside the roots',
      (kind) => {
        expect(checker.evaluate(buildRequest(kind, '/w/a.txt'))).toStrictEqual(
          PermissionDecision.requireApproval(`${kind} "/w/a.txt" needs approval: ${CHANGE}.`),
        );
      },
    );

    it('requires approval for a move inside the roots', () => {
      const move = buildRequest('fs.move', '/w/a', { paths: ['/w/a', '/data/a'] });

      expect(checker.evaluate(move)).toStrictEqual(
        PermissionDecision.requireApproval(`fs.move "/w/a" needs approval: ${CHANGE}.`),
      );
    });

    it('requires approval to read a protected path', () => {
      expect(checker.evaluate(buildRequest('fs.read', '/w/.env', { protected: true }))).toStrictEqual(
        PermissionDecision.requireApproval('fs.read "/w/.env" needs approval: it touches a protected path.'),
      );
    });

    it('requires approval to read a hard-linked file', () => {
      expect(checker.evaluate(buildRequest('fs.read', '/w/hard.txt', { hardLinked: true }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'fs.read "/w/hard.txt" needs approval: the file has more than one hard link, so it may be a window onto a file outside the workspace.',
        ),
      );
    });

    it('names both reasons for a hard-linked file at a protected path, and treats hardLinked only when it is exactly true', () => {
      expect([
        checker.evaluate(buildRequest('fs.read', '/w/.env', { protected: true, hardLinked: true })),
        checker.evaluate(buildRequest('fs.read', '/w/a.txt', { hardLinked: 'yes' })),
      ]).toStrictEqual([
        PermissionDecision.requireApproval(
          'fs.read "/w/.env" needs approval: it touches a protected path; the file has more than one hard link, so it may be a window onto a file outside the workspace.',
        ),
        PermissionDecision.allow(),
      ]);
    });

    it('names every reason a write to a protected path needs approval', () => {
      expect(checker.evaluate(buildRequest('fs.write', '/w/.git/config', { protected: true }))).toStrictEqual(
        PermissionDecision.requireApproval(
          `fs.write "/w/.git/config" needs approval: ${CHANGE}; it touches a protected path.`,
        ),
      );
    });

    it('requires approval for a read that carries risk flags', () => {
      expect(checker.evaluate(buildRequest('fs.read', '/w/a', { risks: ['fifo'] }))).toStrictEqual(
        PermissionDecision.requireApproval('fs.read "/w/a" needs approval: it carries risk flags (fifo).'),
      );
    });

    it.each<[PermissionRequest, string]>([
      [
        buildRequest('shell.exec', 'ls -la'),
        'shell.exec "ls -la" needs approval: it runs a shell command, which can do anything the user running this process can.',
      ],
      [
        buildRequest('mcp.invoke_tool', 'github/create_issue'),
        'mcp.invoke_tool "github/create_issue" needs approval: it talks to an MCP server outside this process.',
      ],
      [
        buildRequest('mcp.connect', 'github'),
        'mcp.connect "github" needs approval: it talks to an MCP server outside this process.',
      ],
      [
        new ToolInvokePermissionRequest('deploy_app', { needsApprovalHint: true }),
        'tool.invoke "deploy_app" needs approval: the tool is marked as needing approval.',
      ],
      [
        new ToolInvokePermissionRequest('wipe', { destructiveHint: true }),
        'tool.invoke "wipe" needs approval: the tool is marked as destructive.',
      ],
      [
        new ToolInvokePermissionRequest('wipe', { destructiveHint: true, needsApprovalHint: true }),
        'tool.invoke "wipe" needs approval: the tool is marked as destructive; the tool is marked as needing approval.',
      ],
      [
        buildRequest('custom.deploy', 'prod'),
        'custom.deploy "prod" needs approval: the default policy asks before every kind of request other than reads inside the workspace.',
      ],
      [
        buildRequest('net.fetch'),
        'net.fetch (no target) needs approval: the default policy asks before every kind of request other than reads inside the workspace.',
      ],
    ])('requires approval for %j', (request, reason) => {
      expect(checker.evaluate(request)).toStrictEqual(PermissionDecision.requireApproval(reason));
    });

    it.each([
      ['no annotations', new ToolInvokePermissionRequest('echo')],
      ['read-only hints', new ToolInvokePermissionRequest('echo', { readOnlyHint: true, idempotentHint: true })],
      [
        'hints that are false',
        new ToolInvokePermissionRequest('echo', { destructiveHint: false, needsApprovalHint: false }),
      ],
    ])('allows tool.invoke for a tool with %s', (_label, request) => {
      expect(checker.evaluate(request)).toStrictEqual(PermissionDecision.allow());
    });

    it('adds the risk flags of a shell command to its reason', () => {
      expect(checker.evaluate(buildRequest('shell.exec', 'echo $(id)', { risks: ['substitution'] }))).toStrictEqual(
        PermissionDecision.requireApproval(
          'shell.exec "echo $(id)" needs approval: it runs a shell command, which can do anything the user running this process can; it carries risk flags (substitution).',
        ),
      );
    });

    it('denies a request whose metadata.paths is malformed', () => {
      expect(checker.evaluate(buildRequest('fs.read', '/w/a', { paths: '/etc/passwd' }))).toStrictEqual(
        PermissionDecision.deny(
          'fs.read "/w/a" is denied: the request cannot be checked because metadata.paths must be an array of strings. The tool that raised it must fix its permission request.',
          'malformed_request',
        ),
      );
    });

    it('allows only read-only kinds inside the roots, and tool.invoke without hints', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...REQUEST_KINDS, 'fs.list', 'fs.delete'),
          fc.constantFrom(...PATHS),
          fc.array(fc.constantFrom(...PATHS), { maxLength: 2 }),
          fc.boolean(),
          (kind, target, paths, isProtected) => {
            const decision = checker.evaluate(buildRequest(kind, target, { paths, protected: isProtected }));
            const inside = [target, ...paths].every((path) => path.startsWith('/w/'));
            const expected =
              kind === 'tool.invoke'
                ? 'allow'
                : !kind.startsWith('fs.')
                  ? 'require_approval'
                  : !inside
                    ? 'deny'
                    : READ_ONLY_KINDS.includes(kind) && !isProtected
                      ? 'allow'
                      : 'require_approval';

            expect(decision.type).toBe(expected);
          },
        ),
      );
    });
  });
});

describe(ToolInvokePermissionRequest.name, () => {
  describe('.policySubjects', () => {
    it('names the tool, with the hints of its annotations when they ask for approval', () => {
      expect([
        new ToolInvokePermissionRequest('echo', { readOnlyHint: true }).policySubjects(),
        new ToolInvokePermissionRequest('wipe', { destructiveHint: true }).policySubjects(),
      ]).toStrictEqual([
        { tool: { name: 'echo' } },
        { tool: { name: 'wipe' }, hints: { destructive: true, needsApproval: false } },
      ]);
    });
  });
});

describe('READ_ONLY_KINDS', () => {
  it('lists the filesystem kinds that only read', () => {
    expect(READ_ONLY_KINDS).toStrictEqual(['fs.read', 'fs.list']);
  });
});
