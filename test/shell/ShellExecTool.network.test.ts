import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildShellText } from '../../src/rendering/buildShellText.js';
import type { JsonValue, ToolExecutionOutcome } from '../../src/index.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { RecordingPermissionChecker } from '../../src/testing/index.js';
import { checkSandbox } from './fixtures/checkSandbox.js';
import { createNetworkHarness, mapTestNames, startLoopbackServer, type LoopbackServer, type NetworkHarness } from './fixtures/createNetworkHarness.js';
import { ALLOW_ALL, createShellHarness, getShellValue } from './fixtures/createShellHarness.js';

const ALLOW = ['registry.test', '*.example.test', 'ports.test:8080'];
/** curl with what the proxy answered (or 000) and curl's exit code, on one line each. */
const curl = (...args: string[]): JsonValue => ({ command: `curl -sS -o /dev/null -w '%{http_code}\\n' ${args.join(' ')}; echo "exit $?"` });

function metadataOf(outcome: ToolExecutionOutcome): Record<string, JsonValue> {
  if (outcome.status !== 'completed') throw new Error(`expected a completed outcome, got ${JSON.stringify(outcome)}`);
  return outcome.result.metadata as Record<string, JsonValue>;
}

describe(`${ShellExecTool.name} with network: { allow } (the sandbox's proxy)`, () => {
  let server: LoopbackServer;
  let shell: NetworkHarness;

  beforeAll(async () => {
    execFileSync('curl', ['--version']); // these tests drive curl inside the sandbox: fail loudly where it is missing
    if (!(await checkSandbox('ShellExecTool with network: { allow }'))) throw new Error('these tests need bubblewrap (apt-get install -y bubblewrap)');
    server = await startLoopbackServer();
    shell = await createNetworkHarness(ALLOW, { connectTo: mapTestNames(server.port) });
  });

  afterAll(async () => {
    await shell.close();
    await server.close();
  });

  describe('allowed hosts', () => {
    it('reaches an allowed host with plain HTTP through HTTP_PROXY (absolute URI; Host is the URL host)', async () => {
      server.seen.length = 0;
      const outcome = await shell.run({ command: 'curl -sS http://registry.test/pkg?v=1' });

      expect(getShellValue(outcome)).toStrictEqual({ exitCode: 0, signal: null, stdout: 'registry.test GET /pkg?v=1\n', stderr: '', timedOut: false, truncated: false });
      expect(server.seen.map((seen) => [seen.method, seen.url, seen.host])).toStrictEqual([['GET', '/pkg?v=1', 'registry.test']]);
    });

    it('reaches an allowed host through a CONNECT tunnel', async () => {
      server.seen.length = 0;
      const outcome = await shell.run({ command: 'curl -sS --proxytunnel http://registry.test/tunnelled' });

      expect(getShellValue(outcome)['stdout']).toBe('registry.test GET /tunnelled\n');
      expect(server.seen.map((seen) => seen.url)).toStrictEqual(['/tunnelled']);
    });
  });

  describe('refused hosts', () => {
    it('refuses a host not in the list with 403, sends it nothing, and reports it in metadata and in the text the model reads', async () => {
      server.seen.length = 0;
      const outcome = await shell.run({ command: 'curl -sS -o /dev/null -w "%{http_code}\\n" http://evil.test/; curl -sS -p http://evil.test/x 2>/dev/null; echo "exit $?"' });
      const value = getShellValue(outcome);

      expect([value['stdout'], value['refusedHosts']]).toStrictEqual(['403\nexit 56\n', ['evil.test:80']]);
      expect(metadataOf(outcome)['refusedHosts']).toStrictEqual([{ host: 'evil.test', port: 80, reason: 'not_allowed', count: 2 }]);
      expect(buildShellText(value, 30_000)).toContain(
        "[network: the sandbox's proxy refused evil.test:80: only the hosts the host allows are reachable; ask the user to allow one]",
      );
      expect(server.seen).toStrictEqual([]);
    });
  });
});
