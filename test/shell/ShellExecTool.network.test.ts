import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildShellText } from '../../src/rendering/buildShellText.js';
import type { JsonValue, ToolExecutionOutcome } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { RecordingPermissionChecker } from '../../src/testing/index.js';
import { checkSandbox } from './fixtures/checkSandbox.js';
import {
  createNetworkHarness,
  mapTestNames,
  startLoopbackServer,
  type LoopbackServer,
  type NetworkHarness,
} from './fixtures/createNetworkHarness.js';
import { ALLOW_ALL, createShellHarness, getShellValue } from './fixtures/createShellHarness.js';

const ALLOW = ['registry.test', '*.example.test', 'ports.test:8080'];
/** Both bridges run every case: socat where it is installed (here it must be), Node always. */
const BRIDGES = ['socat', 'node'] as const;

/** A command printing the HTTP status curl got (000: no answer) for each URL, one a line. */
function statusOf(...urls: string[]): JsonValue {
  return { command: urls.map((url) => `curl -s -o /dev/null -w '%{http_code}\\n' ${url}`).join('; ') };
}

function metadataOf(outcome: ToolExecutionOutcome): Record<string, JsonValue> {
  if (outcome.status !== 'completed') throw new Error(`expected a completed outcome, got ${JSON.stringify(outcome)}`);
  return outcome.result.metadata;
}

describe.each(BRIDGES)(
  `${ShellExecTool.name} with network: { allow } (the sandbox's proxy, the %s bridge)`,
  (bridge) => {
    let server: LoopbackServer;
    let secure: LoopbackServer;
    let shell: NetworkHarness;
    let checker: RecordingPermissionChecker;

    beforeAll(async () => {
      execFileSync('curl', ['--version']); // these tests drive curl inside the sandbox: fail loudly where it is missing
      if (!(await checkSandbox('ShellExecTool with network: { allow }')))
        throw new Error('these tests need bubblewrap (apt-get install -y bubblewrap)');
      server = await startLoopbackServer();
      checker = new RecordingPermissionChecker(ALLOW_ALL);
      let securePort = 0;
      shell = await createNetworkHarness(ALLOW, {
        bridge,
        checker,
        connectTo: (host, port) => mapTestNames(server.port, securePort)(host, port),
      });
      // An HTTPS server for registry.test, its certificate in the root for curl to trust.
      const [key, cert] = ['key.pem', 'cert.pem'].map((name) => path.join(shell.root, name)) as [string, string];
      const subject = ['-subj', '/CN=registry.test', '-addext', 'subjectAltName=DNS:registry.test', '-days', '1'];
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          ...subject,
        ],
        { stdio: 'ignore' },
      );
      secure = await startLoopbackServer({ key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') });
      securePort = secure.port;
    });

    afterAll(async () => {
      await shell.close();
      await server.close();
      await secure.close();
    });

    describe('allowed hosts', () => {
      it('reaches an allowed host with plain HTTP through HTTP_PROXY (absolute URI; Host is the URL host)', async () => {
        server.seen.length = 0;
        const outcome = await shell.run({ command: 'curl -sS http://registry.test/pkg?v=1' });

        expect(getShellValue(outcome)).toStrictEqual({
          exitCode: 0,
          signal: null,
          stdout: 'registry.test GET /pkg?v=1\n',
          stderr: '',
          timedOut: false,
          truncated: false,
        });
        expect(server.seen.map((seen) => [seen.method, seen.url, seen.host])).toStrictEqual([
          ['GET', '/pkg?v=1', 'registry.test'],
        ]);
      });

      it('reaches an allowed host through a CONNECT tunnel', async () => {
        server.seen.length = 0;
        const outcome = await shell.run({ command: 'curl -sS --proxytunnel http://registry.test/tunnelled' });

        expect(getShellValue(outcome)['stdout']).toBe('registry.test GET /tunnelled\n');
        expect(server.seen.map((seen) => seen.url)).toStrictEqual(['/tunnelled']);
      });

      it('reaches an allowed host over HTTPS through HTTPS_PROXY (TLS end to end inside the tunnel)', async () => {
        secure.seen.length = 0;
        const outcome = await shell.run({
          command: `curl -sS --cacert ${shell.root}/cert.pem https://registry.test/secure`,
        });

        expect(getShellValue(outcome)['stdout']).toBe('registry.test GET /secure\n');
        expect(secure.seen.map((seen) => seen.url)).toStrictEqual(['/secure']);
      });
    });

    describe('refused hosts', () => {
      it('refuses a host not in the list with 403, sends it nothing, and reports it in metadata and in the text the model reads', async () => {
        server.seen.length = 0;
        const outcome = await shell.run({
          command:
            'curl -sS -o /dev/null -w "%{http_code}\\n" http://evil.test/; curl -sS -p http://evil.test/x 2>/dev/null; echo "exit $?"',
        });
        const value = getShellValue(outcome);

        expect([value['stdout'], value['refusedHosts']]).toStrictEqual(['403\nexit 56\n', ['evil.test:80']]);
        expect(metadataOf(outcome)['refusedHosts']).toStrictEqual([
          { host: 'evil.test', port: 80, reason: 'not_allowed', count: 2 },
        ]);
        expect(buildShellText(value, 30_000)).toContain(
          "[network: the sandbox's proxy refused evil.test:80: only the hosts the host allows are reachable; ask the user to allow one]",
        );
        expect(server.seen).toStrictEqual([]);
      });

      it("matches '*.example.test' to names below example.test at any depth, not to example.test itself, case-insensitively", async () => {
        const outcome = await shell.run(
          statusOf(
            'http://a.example.test/',
            'http://b.A.Example.TEST/',
            'http://example.test/',
            'http://REGISTRY.test/',
          ),
        );

        expect([getShellValue(outcome)['stdout'], getShellValue(outcome)['refusedHosts']]).toStrictEqual([
          '200\n200\n403\n200\n',
          ['example.test:80'],
        ]);
      });

      it('allows ports 80 and 443 for a pattern without a port, and only the named port for host:port', async () => {
        const before = secure.connections();
        const outcome = await shell.run(
          statusOf(
            'http://registry.test:8080/',
            'http://ports.test:8080/',
            'http://ports.test/',
            '-p http://registry.test:443/',
          ),
        );

        // registry.test:443 is the HTTPS server: the tunnel opens (allowed), plain HTTP inside it gets no HTTP answer.
        expect([getShellValue(outcome)['stdout'], getShellValue(outcome)['refusedHosts']]).toStrictEqual([
          '403\n200\n403\n000\n',
          ['registry.test:8080', 'ports.test:80'],
        ]);
        expect(secure.connections()).toBe(before + 1);
      });
    });

    describe('no other way out', () => {
      it("cannot reach the host's loopback server directly (no route out of the sandbox's network namespace)", async () => {
        const before = server.connections();
        const probe = `require('net').connect(${String(server.port)}, '127.0.0.1').on('connect', () => console.log('connected')).on('error', (error) => console.log(error.code))`;
        const outcome = await shell.run({
          command: `curl -s --noproxy '*' -o /dev/null -w '%{http_code}\\n' http://127.0.0.1:${String(server.port)}/; ${process.execPath} -e "${probe}"; grep -c : /proc/net/dev`,
        });

        expect(getShellValue(outcome)['stdout']).toBe('000\nECONNREFUSED\n1\n');
        expect(server.connections()).toBe(before);
      });

      it('refuses a listed name that resolves to this machine, and reaches a listed loopback address', async () => {
        const local = await createNetworkHarness(
          [`localhost:${String(server.port)}`, `127.0.0.1:${String(server.port)}`],
          { bridge },
        );
        try {
          // The proxy variables leave loopback out (NO_PROXY): dropped here so curl asks the proxy.
          const outcome = await local.run({
            command: `export -n no_proxy NO_PROXY; for host in localhost 127.0.0.1; do curl -s -o /dev/null -w '%{http_code}\\n' http://$host:${String(server.port)}/; done`,
          });

          expect([getShellValue(outcome)['stdout'], metadataOf(outcome)['refusedHosts']]).toStrictEqual([
            '403\n200\n',
            [{ host: 'localhost', port: server.port, reason: 'local_address', count: 1 }],
          ]);
        } finally {
          await local.close();
        }
      });
    });

    describe('the command behind the bridge', () => {
      it('runs behind the bridge it was given, in the sandbox with the command', async () => {
        const outcome = await shell.run({ argv: ['sh', '-c', 'cat /proc/[0-9]*/comm'] });
        const names = (getShellValue(outcome)['stdout'] as string).split('\n').filter(Boolean);

        // The glob is read before cat starts: the processes are the bridge's and the command's shell.
        expect(['node', 'socat', 'sh'].map((name) => names.includes(name))).toStrictEqual([
          bridge === 'node',
          bridge === 'socat',
          true,
        ]);
      });

      it('keeps redirections, exit codes and signals as without a host list', async () => {
        const outcomes = await Promise.all([
          shell.run({ command: 'echo kept > out.txt; cat out.txt' }),
          shell.run({ command: 'exit 3' }),
          shell.run({ command: 'kill -TERM $$' }),
        ]);

        expect(
          outcomes.map((outcome) => [
            getShellValue(outcome)['exitCode'],
            getShellValue(outcome)['signal'],
            getShellValue(outcome)['stdout'],
          ]),
        ).toStrictEqual([
          [0, null, 'kept\n'],
          [3, null, ''],
          [null, 'SIGTERM', ''],
        ]);
        expect(readFileSync(path.join(shell.root, 'out.txt'), 'utf8')).toBe('kept\n');
      });
    });

    describe('the shell.exec request', () => {
      it('carries metadata.network: the allowed patterns, enforced in the sandbox', async () => {
        checker.clear();
        await shell.run({ command: 'true' });

        expect(
          checker.records.map((record) => (record.request.metadata as Record<string, JsonValue>)['network']),
        ).toStrictEqual([{ allow: ALLOW, enforced: true }]);
      });
    });
  },
);

describe(`${ShellExecTool.name} with network: { allow }, besides the proxy`, () => {
  describe("sandbox: 'auto' where bubblewrap does not work", () => {
    it('runs the command unconfined, without the proxy, and says so in metadata.network (enforced: false)', async () => {
      const recorder = new RecordingPermissionChecker(ALLOW_ALL);
      const unconfined = await createNetworkHarness(ALLOW, {
        checker: recorder,
        shell: { sandbox: 'auto' },
        bubblewrap: '/nonexistent/bwrap',
      });
      try {
        const outcome = await unconfined.run({ command: 'echo "${HTTPS_PROXY-no proxy}"' });

        expect(getShellValue(outcome)['stdout']).toBe('no proxy\n');
        expect(
          recorder.records.map((record) => (record.request.metadata as Record<string, JsonValue>)['network']),
        ).toStrictEqual([{ allow: ALLOW, enforced: false }]);
      } finally {
        await unconfined.close();
      }
    });
  });

  describe.each([false, true])('network: %s', (network) => {
    it('has no refusedHosts in the result and no network in the request metadata', async () => {
      const recorder = new RecordingPermissionChecker(ALLOW_ALL);
      const plain = await createShellHarness({ checker: recorder, shell: { sandbox: 'required', network } });
      try {
        const outcome = await plain.run({ command: 'true' });

        expect([Object.keys(getShellValue(outcome)).sort(), Object.keys(metadataOf(outcome)).sort()]).toStrictEqual([
          ['exitCode', 'signal', 'stderr', 'stdout', 'timedOut', 'truncated'],
          ['stderrBytes', 'stdoutBytes'],
        ]);
        expect(
          recorder.records.map((record) =>
            Object.keys(record.request.metadata as Record<string, JsonValue>).includes('network'),
          ),
        ).toStrictEqual([false]);
      } finally {
        await plain.close();
      }
    });
  });
});
