import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  Workspace,
  type JsonValue,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { buildShellToolConfig } from '../../src/shell/config/buildShellToolConfig.js';
import { shellTools } from '../../src/shell/index.js';
import { SHELL_TOOL_CONFIG } from '../../src/shell/config/SHELL_TOOL_CONFIG.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { RecordingPermissionChecker } from '../../src/testing/index.js';
import { checkSandbox } from './fixtures/checkSandbox.js';
import { ALLOW_ALL, createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';
import { killProcesses, waitForNoProcesses } from './fixtures/findProcesses.js';

/** What a `sandbox: 'required'` call gives where bubblewrap does not work. */
const REFUSED = {
  status: 'failed',
  invoked: false,
  error: { code: 'unavailable', details: { reason: 'sandbox_unavailable' } },
};

function summarize(outcome: ToolExecutionOutcome): Record<string, JsonValue> {
  if (outcome.status === 'failed')
    return {
      status: outcome.status,
      invoked: outcome.invoked,
      error: { code: outcome.error.code, details: { reason: outcome.error.details['reason'] ?? null } },
    };
  const { exitCode, signal } = getShellValue(outcome);
  return { exitCode: exitCode ?? null, signal: signal ?? null };
}

function isWritable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function readInterfaces(text: string): string[] {
  return text
    .split('\n')
    .slice(2)
    .map((line) => line.split(':')[0]?.trim() ?? '')
    .filter(Boolean)
    .sort();
}

async function run(executor: ToolExecutor, input: JsonValue): Promise<ToolExecutionOutcome> {
  return executor.execute({
    callId: `sandbox-${randomUUID()}`,
    toolName: 'shell_exec',
    input,
    sessionId: 's',
    turnId: 't',
    metadata: {},
  });
}

describe(`${ShellExecTool.name} in the OS sandbox (bubblewrap)`, () => {
  let available: boolean;
  let checker: RecordingPermissionChecker;
  let shell: ShellHarness;
  let unconfined: ShellHarness;
  /** A directory outside the roots and outside /tmp (which the sandbox replaces). */
  let elsewhere: string;

  beforeAll(async () => {
    available = await checkSandbox('ShellExecTool in the OS sandbox');
    checker = new RecordingPermissionChecker(ALLOW_ALL);
    shell = await createShellHarness({ checker, shell: { sandbox: 'required', killGraceMs: 200 } });
    unconfined = await createShellHarness({ checker, shell: { sandbox: 'off' } });
    mkdirSync(path.join(shell.root, 'sub'));
    elsewhere = realpathSync(await mkdtemp('/var/tmp/agentkit-elsewhere-'));
  });

  afterAll(async () => {
    await shell.close();
    await unconfined.close();
    await rm(elsewhere, { recursive: true, force: true });
  });

  describe('the shell.exec request', () => {
    it('says metadata.sandboxed: true when the command runs in the sandbox', async () => {
      checker.clear();
      const outcome = await shell.run({ command: 'true' });

      expect(
        available
          ? checker.records.map((record) => (record.request.metadata as Record<string, JsonValue>)['sandboxed'])
          : summarize(outcome),
      ).toStrictEqual(available ? [true] : REFUSED);
    });

    it("says metadata.sandboxed: false with sandbox: 'off'", async () => {
      checker.clear();
      await unconfined.run({ command: 'true' });

      expect(
        checker.records.map((record) => (record.request.metadata as Record<string, JsonValue>)['sandboxed']),
      ).toStrictEqual([false]);
    });
  });

  describe('filesystem', () => {
    // Each write below names its target through a variable, so preflight cannot see it (the
    // command is `unknown_write`, which the allow-all checker lets through): only the sandbox
    // stands between the command and the file. A literal target outside the roots would be
    // denied before anything ran.
    it('keeps everything outside the read-write roots read-only', async () => {
      const outcome = await shell.run({ command: `f=${elsewhere}/written; touch "$f"; echo $?` });

      expect(existsSync(path.join(elsewhere, 'written'))).toBe(false);
      expect(available ? getShellValue(outcome).stdout : summarize(outcome)).toStrictEqual(available ? '1\n' : REFUSED);
    });

    // A host running as root (CI, containers) must not hand the command root's capabilities:
    // with CAP_SYS_ADMIN it remounts / writable and writes anywhere (it did, before).
    it('leaves the command no capabilities, so it cannot remount / writable, even when the host runs as root', async () => {
      const outcome = await shell.run({
        command: `grep CapEff /proc/self/status; f=${elsewhere}/remounted; mount -o remount,rw,bind / 2>/dev/null; touch "$f" 2>/dev/null; echo $?`,
      });

      expect(existsSync(path.join(elsewhere, 'remounted'))).toBe(false);
      expect(available ? getShellValue(outcome).stdout : summarize(outcome)).toStrictEqual(
        available ? 'CapEff:\t0000000000000000\n1\n' : REFUSED,
      );
    });

    it('gives each command a private /tmp (roots under /tmp stay visible and writable)', async () => {
      const name = `/tmp/agentkit-private-${randomUUID()}`;
      const outcome = await shell.run({ command: `f=${name}; touch "$f" && ls "$f" && touch in-root` });

      expect(existsSync(name)).toBe(false);
      expect(available ? [getShellValue(outcome).stdout, shell.exists('in-root')] : summarize(outcome)).toStrictEqual(
        available ? [`${name}\n`, true] : REFUSED,
      );
    });

    it('keeps a read-only root read-only, also under /tmp', async () => {
      const writable = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-rw-')));
      const readOnly = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-ro-')));
      const container = new Container();
      container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
      container.load(
        agentkitModule(),
        shellTools({ roots: [{ path: writable }, { path: readOnly, mode: 'read_only' }], sandbox: 'required' }),
      );
      try {
        const executor = await container.getAsync(TOOL_EXECUTOR);
        const outcome = await run(executor, {
          command: `f=${readOnly}/written; touch "$f"; ls ${readOnly}; touch ${writable}/written`,
        });

        expect(existsSync(path.join(readOnly, 'written'))).toBe(false);
        expect(
          available
            ? [getShellValue(outcome).exitCode, existsSync(path.join(writable, 'written'))]
            : summarize(outcome),
        ).toStrictEqual(available ? [0, true] : REFUSED);
      } finally {
        await rm(writable, { recursive: true, force: true });
        await rm(readOnly, { recursive: true, force: true });
      }
    });
  });

  describe('redirections', () => {
    // A directory handle opened by the host leads out of every bind mount through `..`, so the
    // command is never handed one: a missing target is created (empty) before the command
    // starts, in the sandbox as without it.
    it('creates a missing target before the command starts, and hands the command no directory handle', async () => {
      const command =
        '[ -e fresh ] || echo made > fresh; cat fresh; ls /dev/fd/20/.. 2>&1 >/dev/null | head -c 0; [ -d /dev/fd/20 ] && echo directory || echo file';
      const outcome = await shell.run({ command });

      expect(available ? getShellValue(outcome).stdout : summarize(outcome)).toStrictEqual(
        available ? 'file\n' : REFUSED,
      );
      // Without the sandbox a literal `/dev/fd/20/..` is a read outside the roots, refused before
      // anything runs; the same probe through a variable (unknown_read) still runs under ALLOW_ALL.
      const unconfinedCommand = command.replace('ls /dev/fd/20/..', 'probe=/dev/fd/20; ls "$probe/.."');
      expect(getShellValue(await unconfined.run({ command: unconfinedCommand })).stdout).toBe('file\n');
    });
  });

  describe('network', () => {
    it('has only a loopback interface by default', async () => {
      const outcome = await shell.run({ argv: ['cat', '/proc/net/dev'] });

      expect(available ? readInterfaces(getShellValue(outcome).stdout as string) : summarize(outcome)).toStrictEqual(
        available ? ['lo'] : REFUSED,
      );
    });

    it.each([false, true])(
      "cannot connect to the host's Unix sockets under /run (databases, docker, the session bus) (network: %s)",
      async (network) => {
        const runtime = [process.env['XDG_RUNTIME_DIR'], '/run'].find((dir) => dir !== undefined && isWritable(dir));
        if (runtime === undefined)
          throw new Error(
            'neither $XDG_RUNTIME_DIR nor /run is writable here: run this test as root (as CI does) or in a desktop session',
          );
        const dir = await mkdtemp(path.join(runtime, 'agentkit-socket-'));
        const socket = path.join(dir, 'service.sock');
        let connections = 0;
        const server = net.createServer((client) => {
          connections++;
          client.destroy();
        });
        await new Promise<void>((resolve) => server.listen(socket, resolve));
        const networked = await createShellHarness({ shell: { sandbox: 'required', network } });
        try {
          const probe = `require('net').connect(${JSON.stringify(socket)}).on('connect', () => console.log('connected')).on('error', (error) => console.log(error.code)).on('close', () => process.exit(0))`;
          const outcome = await networked.run({ argv: [process.execPath, '-e', probe] });

          expect(available ? [getShellValue(outcome).stdout, connections] : summarize(outcome)).toStrictEqual(
            available ? ['ENOENT\n', 0] : REFUSED,
          );
        } finally {
          await networked.close();
          await new Promise((resolve) => server.close(resolve));
          await rm(dir, { recursive: true, force: true });
        }
      },
    );

    it('keeps the network with network: true', async () => {
      const networked = await createShellHarness({ shell: { sandbox: 'required', network: true } });
      try {
        const outcome = await networked.run({ argv: ['cat', '/proc/net/dev'] });
        const expected = readInterfaces(readFileSync('/proc/net/dev', 'utf8'));

        expect(available ? readInterfaces(getShellValue(outcome).stdout as string) : summarize(outcome)).toStrictEqual(
          available ? expected : REFUSED,
        );
      } finally {
        await networked.close();
      }
    });
  });

  describe('processes', () => {
    it.each([
      ['a stray that left the session and dropped the marker', (token: string) => `setsid env -i sleep ${token} &`],
      [
        'a double-forking daemon with an empty environment and no inherited descriptors',
        (token: string) =>
          `env -i setsid sh -c 'sleep ${token} </dev/null >/dev/null 2>&1 &' </dev/null >/dev/null 2>&1`,
      ],
    ])('ends %s with the call (the PID namespace dies)', async (_name, build) => {
      const token = `600.${Math.floor(Math.random() * 1e9)}`;
      try {
        const outcome = await shell.run({ command: build(token), timeoutMs: 5_000 });

        expect(await waitForNoProcesses(token)).toStrictEqual([]);
        expect(summarize(outcome)).toStrictEqual(available ? { exitCode: 0, signal: null } : REFUSED);
      } finally {
        killProcesses(token);
      }
    });
  });

  describe('what the command sees and reports', () => {
    it.each([
      ['an exit code', { command: 'exit 3' }, { exitCode: 3, signal: null }],
      ['a signal that ended the shell', { command: 'kill -TERM $$' }, { exitCode: null, signal: 'SIGTERM' }],
      [
        'a signal that ended a program run directly',
        { argv: ['sh', '-c', 'kill -KILL $$'] },
        { exitCode: null, signal: 'SIGKILL' },
      ],
    ])('reports %s as it would without the sandbox', async (_name, input, expected) => {
      expect(summarize(await shell.run(input))).toStrictEqual(available ? expected : REFUSED);
      expect(summarize(await unconfined.run(input))).toStrictEqual(expected);
    });

    it('runs in the requested working directory', async () => {
      const outcome = await shell.run({ argv: ['pwd'], cwd: 'sub' });

      expect(available ? getShellValue(outcome).stdout : summarize(outcome)).toStrictEqual(
        available ? `${path.join(shell.root, 'sub')}\n` : REFUSED,
      );
    });

    it('gives the command the same allow-listed environment as without the sandbox (bubblewrap adds PWD)', async () => {
      const names = (outcome: ToolExecutionOutcome): string[] =>
        (getShellValue(outcome).stdout as string)
          .split('\n')
          .filter(Boolean)
          .map((line) => line.slice(0, line.indexOf('=')))
          .filter((name) => name !== 'PWD')
          .sort();
      const outcome = await shell.run({ argv: ['env'], env: { GREETING: 'hi' } });

      expect(available ? names(outcome) : summarize(outcome)).toStrictEqual(
        available ? names(await unconfined.run({ argv: ['env'], env: { GREETING: 'hi' } })) : REFUSED,
      );
    });

    it('reports a missing program as spawn_failed, as without the sandbox', async () => {
      const outcome = await shell.run({ argv: ['agentkit-no-such-program'] });

      expect(outcome).toMatchObject(
        available
          ? {
              status: 'failed',
              invoked: true,
              error: {
                code: 'execution_failed',
                details: { reason: 'spawn_failed', file: 'agentkit-no-such-program' },
              },
            }
          : REFUSED,
      );
    });
  });

  describe("sandbox: 'required' without a working bubblewrap", () => {
    it('refuses every command before it runs, as unavailable, saying how to install it', async () => {
      const root = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-required-')));
      const container = new Container();
      container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
      container.load(agentkitModule({ roots: [{ path: root }] }));
      const config = buildShellToolConfig({ sandbox: 'required' }, Workspace.create([{ path: root }]));
      container.bind(SHELL_TOOL_CONFIG).toConstantValue({ ...config, bubblewrap: '/nonexistent/bwrap' });
      container.bind(ShellExecTool).toSelf().inSingletonScope();
      try {
        const outcome = await run(await container.getAsync(TOOL_EXECUTOR), { command: 'touch ran' });

        expect(outcome).toMatchObject(REFUSED);
        expect(outcome.status === 'failed' ? outcome.error.message : '').toContain('apt-get install -y bubblewrap');
        expect(existsSync(path.join(root, 'ran'))).toBe(false);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });
  });
});
