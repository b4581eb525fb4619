import { describe, expect, it } from '@jest/globals';
import { FileSystemPermissionRequest } from '../../src/fs/FileSystemPermissionRequest.js';
import { DefaultPermissionChecker } from '../../src/permissions/DefaultPermissionChecker.js';
import { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import type { PathSubject, PolicySubjects } from '../../src/permissions/PolicySubjects.js';
import { ShellPermissionRequest } from '../../src/shell/policy/ShellPermissionRequest.js';
import { AcmeRequest, OLD_METADATA_KEYS } from './fixtures/AcmeRequest.js';
import { PrefixPathContainment } from './fixtures/PrefixPathContainment.js';

const checker = new DefaultPermissionChecker(new PrefixPathContainment(['/w']));
const read = (path: string, flags: Partial<PathSubject> = {}): PathSubject => ({ path, access: 'read', ...flags });

function typeAndCode(decision: PermissionDecision | Promise<PermissionDecision>): string {
  if (decision instanceof Promise) throw new Error('the default checker decides synchronously');
  return decision.type === 'deny' ? `deny ${decision.code}` : decision.type;
}

describe(DefaultPermissionChecker.name, () => {
  describe('.evaluate (typed policy subjects of a third-party request)', () => {
    it('denies paths outside the roots, like a built-in fs request, whatever the kind and target', () => {
      const acme = new AcmeRequest('acme.sync', 'nightly sync', { paths: [read('/w/a'), read('/etc/passwd')] });
      const builtIn = new FileSystemPermissionRequest('fs.read', '/etc/passwd');

      expect([checker.evaluate(acme), typeAndCode(checker.evaluate(builtIn))]).toStrictEqual([
        PermissionDecision.deny(
          'acme.sync "nightly sync" is denied: "/etc/passwd" is outside every workspace root. Use a path inside the workspace.',
          'outside_roots',
        ),
        'deny outside_roots',
      ]);
    });

    it('denies a request whose path list is empty: it cannot be checked against the roots', () => {
      expect(typeAndCode(checker.evaluate(new AcmeRequest('acme.sync', 'x', { paths: [] })))).toBe(
        'deny outside_roots',
      );
    });

    it("ignores any claim to be inside the roots: containment is the checker's own answer", () => {
      const claim = { path: '/etc/passwd', access: 'read', inside: true, insideRoots: true, root: '/w' } as PathSubject;

      expect(typeAndCode(checker.evaluate(new AcmeRequest('acme.sync', '/w/a', { paths: [claim] })))).toBe(
        'deny outside_roots',
      );
    });

    it('reads the subjects once per check, so a request cannot show an inside path first and an outside one later', () => {
      let calls = 0;
      const shifty = new (class extends AcmeRequest {
        public override policySubjects(): PolicySubjects {
          calls += 1;
          return { paths: [read(calls === 1 ? '/w/a' : '/etc/passwd')] };
        }
      })('acme.sync', 'x', {});

      expect([typeAndCode(checker.evaluate(shifty)), calls]).toStrictEqual(['allow', 1]);
    });

    it('allows reads inside the roots and asks for writes, protected paths, hard-linked files and risks', () => {
      const decide = (subjects: PolicySubjects): string =>
        typeAndCode(checker.evaluate(new AcmeRequest('acme.sync', 'x', subjects)));

      expect({
        read: decide({ paths: [read('/w/a')] }),
        write: decide({ paths: [read('/w/a'), { path: '/w/b', access: 'write' }] }),
        protected: decide({ paths: [read('/w/.env', { protected: true })] }),
        hardLinked: decide({ paths: [read('/w/h', { hardLinked: true })] }),
        risky: decide({ paths: [read('/w/a')], risks: ['fifo'] }),
      }).toStrictEqual({
        read: 'allow',
        write: 'require_approval',
        protected: 'require_approval',
        hardLinked: 'require_approval',
        risky: 'require_approval',
      });
    });

    it('names the reasons a built-in fs request would get', () => {
      const request = new AcmeRequest('acme.sync', 'x', {
        paths: [{ path: '/w/.git/config', access: 'write', protected: true, hardLinked: true }],
      });

      expect(checker.evaluate(request)).toStrictEqual(
        PermissionDecision.requireApproval(
          'acme.sync "x" needs approval: it changes the workspace, and the default policy asks before every change; it touches a protected path; the file has more than one hard link, so it may be a window onto a file outside the workspace.',
        ),
      );
    });

    it('asks before a command with shell-like risks, like a built-in shell request', () => {
      const acme = new AcmeRequest('acme.run', 'deploy script', {
        command: { subcommands: [['make', 'deploy']] },
        risks: ['command_substitution'],
      });
      const builtIn = new ShellPermissionRequest({
        command: 'echo $(id)',
        form: 'command',
        subcommands: [['echo', '$(id)']],
        risks: ['command_substitution'],
        cwd: '/w',
        envKeys: [],
        redirections: [],
      });
      const why =
        'it runs a shell command, which can do anything the user running this process can; it carries risk flags (command_substitution).';

      expect([checker.evaluate(acme), checker.evaluate(builtIn)]).toStrictEqual([
        PermissionDecision.requireApproval(`acme.run "deploy script" needs approval: ${why}`),
        PermissionDecision.requireApproval(`shell.exec "echo $(id)" needs approval: ${why}`),
      ]);
    });

    it('weighs destructive and approval hints, and allows a plain tool call without them', () => {
      const decide = (subjects: PolicySubjects): string =>
        typeAndCode(checker.evaluate(new AcmeRequest('acme.call', 'x', subjects)));

      expect({
        plain: decide({ tool: { name: 'x' } }),
        destructive: decide({ tool: { name: 'x' }, hints: { destructive: true } }),
        needsApproval: decide({ tool: { name: 'x' }, hints: { needsApproval: true } }),
        mcp: decide({ mcp: { server: 'github', name: 'search' } }),
        custom: decide({}),
      }).toStrictEqual({
        plain: 'allow',
        destructive: 'require_approval',
        needsApproval: 'require_approval',
        mcp: 'require_approval',
        custom: 'require_approval',
      });
    });

    it('lets no metadata key change a decision by itself', () => {
      const subjects: PolicySubjects = { paths: [read('/w/a')] };
      const plain = new AcmeRequest('acme.sync', 'x', subjects);
      const withOldKeys = new AcmeRequest('acme.sync', 'x', subjects, OLD_METADATA_KEYS);
      const malformed = new AcmeRequest('acme.sync', 'x', subjects, { paths: 'nope', risks: 7 });

      expect([checker.evaluate(plain), checker.evaluate(withOldKeys), checker.evaluate(malformed)]).toStrictEqual([
        PermissionDecision.allow(),
        PermissionDecision.allow(),
        PermissionDecision.allow(),
      ]);
    });

    it.each([
      ['fs.read', 'its kind fs.read is a filesystem kind, but its policySubjects() list no paths'],
      ['shell.exec', 'its kind shell.exec runs a command, but its policySubjects() give no command'],
    ])(
      'refuses a %s request that describes itself by metadata alone, instead of judging its target',
      (kind, problem) => {
        const request = new AcmeRequest(kind, '/w/a', {}, OLD_METADATA_KEYS);

        expect(checker.evaluate(request)).toStrictEqual(
          PermissionDecision.deny(
            `${kind} "/w/a" is denied: the request cannot be checked because ${problem}. The tool that raised it must fix its permission request.`,
            'malformed_request',
          ),
        );
      },
    );

    it.each([
      [{ paths: '/etc/passwd' }, 'policySubjects().paths must be an array'],
      [{ paths: [{ path: '/w/a', access: 'exec' }] }, 'policySubjects().paths[0].access must be "read" or "write"'],
      [
        { paths: [{ path: '/w/a', access: 'read', protected: 'yes' }] },
        'policySubjects().paths[0].protected must be a boolean',
      ],
      [
        { command: { subcommands: [['ls', 1]] } },
        'policySubjects().command.subcommands[0] must be an array of strings',
      ],
      [{ risks: 'substitution' }, 'policySubjects().risks must be an array of strings'],
      [null, 'policySubjects() must return an object'],
    ])('denies a request whose subjects are malformed: %j', (subjects, problem) => {
      const request = new AcmeRequest('acme.sync', 'x', subjects as unknown as PolicySubjects);

      expect(checker.evaluate(request)).toStrictEqual(
        PermissionDecision.deny(
          `acme.sync "x" is denied: the request cannot be checked because ${problem}. The tool that raised it must fix its permission request.`,
          'malformed_request',
        ),
      );
    });

    it('denies a request whose policySubjects() throws, saying why', () => {
      const broken = new (class extends AcmeRequest {
        public override policySubjects(): PolicySubjects {
          throw new Error('the job file is unreadable');
        }
      })('acme.sync', 'x', {});

      expect(checker.evaluate(broken)).toStrictEqual(
        PermissionDecision.deny(
          'acme.sync "x" is denied: the request cannot be checked because the job file is unreadable. The tool that raised it must fix its permission request.',
          'malformed_request',
        ),
      );
    });
  });
});
