import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  type JsonValue,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import { SYSTEM_DIRECTORIES } from '../../src/shell/sandbox/getSystemView.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { checkSandbox } from './fixtures/checkSandbox.js';
import { ALLOW_ALL, createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';

/** The top-level directories the sandbox leaves out; the test plants into those that exist here. */
const EXCLUDED = ['/root', '/home', '/var', '/srv', '/opt', '/mnt', '/media'];

/** What a sandboxed call gives where bubblewrap does not work (`sandbox: 'required'`). */
const REFUSED = { status: 'failed', code: 'unavailable' };
const REFUSED_OUTCOME = { status: 'failed', invoked: false, error: { code: 'unavailable' } };

interface Plant {
  readonly dir: string;
  readonly secret: string;
  readonly socket: string;
  readonly server: net.Server;
  connections: number;
}

async function plant(parent: string): Promise<Plant> {
  const dir = path.join(parent, `agentkit-plant-${randomUUID()}`);
  mkdirSync(dir, { mode: 0o755 });
  const secret = path.join(dir, 'secret');
  writeFileSync(secret, randomBytes(16).toString('hex'), { mode: 0o644 });
  const socket = path.join(dir, 'S.sock');
  const planted: Plant = { dir, secret, socket, server: net.createServer(), connections: 0 };
  planted.server.on('connection', (client) => {
    planted.connections++;
    client.destroy();
  });
  await new Promise<void>((resolve) => planted.server.listen(socket, resolve));
  chmodSync(socket, 0o777);
  return planted;
}

async function unplant(planted: Plant): Promise<void> {
  await new Promise((resolve) => planted.server.close(resolve));
  await rm(planted.dir, { recursive: true, force: true });
}

/** A node script run inside: for each path, what reading it and connecting to it gave. */
function buildProbe(files: readonly string[], sockets: readonly string[]): string {
  return `
    const fs = require('fs'), net = require('net');
    const read = (file) => { try { return 'read:' + fs.readFileSync(file, 'utf8').length; } catch (error) { return error.code; } };
    const connect = (socket) => new Promise((resolve) => {
      const client = net.connect(socket);
      client.on('connect', () => { client.destroy(); resolve('connected'); }).on('error', (error) => resolve(error.code));
    });
    (async () => {
      const reads = ${JSON.stringify(files)}.map(read);
      const connects = [];
      for (const socket of ${JSON.stringify(sockets)}) connects.push(await connect(socket));
      console.log(JSON.stringify({ reads, connects }));
    })();`;
}

function summarize(outcome: ToolExecutionOutcome): JsonValue {
  return outcome.status === 'failed' ? { status: outcome.status, code: outcome.error.code } : getShellValue(outcome);
}

function stdoutOf(outcome: ToolExecutionOutcome): JsonValue {
  return outcome.status === 'failed' ? summarize(outcome) : (getShellValue(outcome)['stdout'] ?? null);
}

describe(`${ShellExecTool.name}'s sandbox view`, () => {
  let available: boolean;
  let shell: ShellHarness;
  let unconfined: ShellHarness;
  const plants: Plant[] = [];
  /** A directory planted in /etc before the view lists it: a secret, a socket, a public file. */
  let etcPlant: Plant;
  let etcPublic: string;

  beforeAll(async () => {
    // Planted before anything builds the view (the probe does): it lists /etc once per process.
    for (const dir of EXCLUDED.filter((candidate) => existsSync(candidate))) plants.push(await plant(dir));
    etcPlant = await plant('/etc');
    chmodSync(etcPlant.secret, 0o600);
    etcPublic = path.join(etcPlant.dir, 'public.conf');
    writeFileSync(etcPublic, 'public\n', { mode: 0o644 });
    writeFileSync(path.join(etcPlant.dir, 'vanishing.key'), 'secret', { mode: 0o600 });
    mkdirSync(path.join(etcPlant.dir, 'vanishing.d'), { mode: 0o700 });
    available = await checkSandbox('the sandbox view');
    // The view lists /etc when the first shellTools() of this process starts: after the plants.
    shell = await createShellHarness({ shell: { sandbox: 'required' } });
    unconfined = await createShellHarness({ shell: { sandbox: 'off' } });
  });

  afterAll(async () => {
    await shell.close();
    await unconfined.close();
    for (const planted of [...plants, etcPlant]) await unplant(planted);
  });

  it('plants into every excluded top-level directory that exists here', () => {
    expect(plants.length).toBeGreaterThan(0);
  });

  it('shows no file and no socket planted in /root, /home, /var, /srv, /opt, /mnt or /media', async () => {
    const probe = buildProbe(
      plants.map((planted) => planted.secret),
      plants.map((planted) => planted.socket),
    );
    const outcome = await shell.run({ argv: ['node', '-e', probe] });
    const absent = plants.map(() => 'ENOENT');

    expect(plants.map((planted) => readFileSync(planted.secret, 'utf8').length)).toStrictEqual(plants.map(() => 32));
    expect(available ? JSON.parse(stdoutOf(outcome) as string) : summarize(outcome)).toStrictEqual(
      available ? { reads: absent, connects: absent } : REFUSED,
    );
    expect(plants.map((planted) => planted.connections)).toStrictEqual(plants.map(() => 0));
    // The same probe without the sandbox reads and reaches every one: the probe is sound.
    const seen = JSON.parse(stdoutOf(await unconfined.run({ argv: ['node', '-e', probe] })) as string) as unknown;
    expect(seen).toStrictEqual({ reads: plants.map(() => 'read:32'), connects: plants.map(() => 'connected') });
  });

  it('cannot list or read them from bash either', async () => {
    const outcome = await shell.run({
      command:
        plants
          .map((planted) => `cat ${planted.secret} 2>/dev/null; ls ${path.dirname(planted.dir)} 2>/dev/null`)
          .join('; ') + '; echo end',
    });

    expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(available ? 'end\n' : REFUSED);
  });

  it("cannot connect to the host's abstract Unix sockets (they belong to the network namespace)", async () => {
    const name = `\0agentkit-abstract-${randomUUID()}`;
    let connections = 0;
    const server = net.createServer((client) => {
      connections++;
      client.destroy();
    });
    await new Promise<void>((resolve) => server.listen(name, resolve));
    try {
      const outcome = await shell.run({ argv: ['node', '-e', buildProbe([], [name])] });

      expect(available ? JSON.parse(stdoutOf(outcome) as string) : summarize(outcome)).toStrictEqual(
        available ? { reads: [], connects: ['ECONNREFUSED'] } : REFUSED,
      );
      expect(connections).toBe(0);
      // The same probe without the sandbox reaches it: the probe is sound.
      expect(
        JSON.parse(stdoutOf(await unconfined.run({ argv: ['node', '-e', buildProbe([], [name])] })) as string),
      ).toStrictEqual({ reads: [], connects: ['connected'] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('lists only the allow-listed entries at /', async () => {
    const system = SYSTEM_DIRECTORIES.filter((entry) => lstatSync(entry, { throwIfNoEntry: false }) !== undefined);
    const expected = [...system, '/dev', '/proc', '/run', '/tmp'].map((entry) => entry.slice(1)).sort();
    const outcome = await shell.run({ command: 'ls -A / | sort; ls -A /run; ls -A "$HOME"' });

    expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(
      available ? expected.map((entry) => `${entry}\n`).join('') : REFUSED,
    );
  });

  it("masks /etc's secrets (shadow, gshadow, files only root may read, sockets) and keeps the rest readable", async () => {
    const files = ['/etc/shadow', '/etc/gshadow', etcPlant.secret, '/etc/passwd', etcPublic].filter((file) =>
      existsSync(file),
    );
    const outcome = await shell.run({ argv: ['node', '-e', buildProbe(files, [etcPlant.socket])] });
    const expected = files.map((file) =>
      file === '/etc/passwd' ? `read:${readFileSync(file, 'utf8').length}` : file === etcPublic ? 'read:7' : 'EACCES',
    );

    expect(available ? JSON.parse(stdoutOf(outcome) as string) : summarize(outcome)).toStrictEqual(
      available ? { reads: expected, connects: ['ECONNREFUSED'] } : REFUSED,
    );
    expect(etcPlant.connections).toBe(0);
  });

  it("keeps running commands when one of /etc's secrets is deleted after the listing", async () => {
    rmSync(path.join(etcPlant.dir, 'vanishing.key'));
    rmSync(path.join(etcPlant.dir, 'vanishing.d'), { recursive: true });
    const outcome = await shell.run({ command: `ls -A ${etcPlant.dir} | sort` });

    expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(
      available ? 'S.sock\npublic.conf\nsecret\n' : REFUSED,
    );
  });

  it('keeps the system directories read-only', async () => {
    const outcome = await shell.run({
      command:
        'd=/usr/lib; touch "$d/agentkit-written" 2>/dev/null; echo $?; d=/etc; touch "$d/agentkit-written" 2>/dev/null; echo $?',
    });

    expect(existsSync('/usr/lib/agentkit-written') || existsSync('/etc/agentkit-written')).toBe(false);
    expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(available ? '1\n1\n' : REFUSED);
  });

  describe('the programs the README promises', () => {
    it.each([
      ['bash', { command: 'echo "$BASH_VERSION" | cut -d. -f1 | grep -c .' }, '1\n'],
      ['coreutils', { command: 'printf "b\\na\\n" | sort | tr a-z A-Z | head -n 2 | wc -l' }, '2\n'],
      ['node', { argv: ['node', '-e', 'console.log(6 * 7)'] }, '42\n'],
      ['npm', { command: 'npm --version >/dev/null && echo ok' }, 'ok\n'],
      ['python3', { argv: ['python3', '-c', 'import json, sys; print(json.dumps(sys.version_info[0]))'] }, '3\n'],
      [
        'an empty, writable HOME',
        { command: 'echo "$HOME"; ls -A "$HOME"; touch "$HOME/x" && echo writable' },
        '/tmp/home\nwritable\n',
      ],
    ])('runs %s', async (_name, input, expected) => {
      const outcome = await shell.run(input);

      expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(available ? expected : REFUSED);
    });

    it('runs git: init, add, commit and log in a root', async () => {
      const git = 'git -c user.name=Agent -c user.email=agent@example.com';
      const command = `echo hi > file && ${git} add file && ${git} commit -q -m first && git log --format=%s`;
      mkdirSync(path.join(shell.root, 'repo'));
      expect(stdoutOf(await shell.run({ argv: ['git', 'init', '-q'], cwd: 'repo' }))).toStrictEqual(
        available ? '' : REFUSED,
      );
      const outcome = await shell.run({ command, cwd: 'repo' });

      expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(available ? 'first\n' : REFUSED);
      expect(shell.exists('repo/.git/HEAD')).toBe(available);
    });
  });

  it('shows roots under /var/tmp and /root at their own paths, and nothing beside them', async () => {
    const writable = realpathSync(await mkdtemp('/var/tmp/agentkit-view-root-'));
    const readOnly = realpathSync(await mkdtemp('/root/agentkit-view-root-'));
    writeFileSync(path.join(readOnly, 'notes.txt'), 'notes\n');
    const container = new Container();
    container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
    container.load(
      agentkitModule(),
      shellTools({ roots: [{ path: writable }, { path: readOnly, mode: 'read_only' }], sandbox: 'required' }),
    );
    try {
      const executor = await container.getAsync(TOOL_EXECUTOR);
      const command = `touch made && cat ${readOnly}/notes.txt && ls -A /var && ls -A /var/tmp && ls -A /root`;
      const outcome = await executor.execute({
        callId: 'roots',
        toolName: 'shell_exec',
        input: { command },
        sessionId: 's',
        turnId: 't',
        metadata: {},
      });
      const expected = `notes\ntmp\n${path.basename(writable)}\n${path.basename(readOnly)}\n`;

      expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(available ? expected : REFUSED);
      expect(existsSync(path.join(writable, 'made'))).toBe(available);
    } finally {
      await rm(writable, { recursive: true, force: true });
      await rm(readOnly, { recursive: true, force: true });
    }
  });

  describe('readable: the host widens the view', () => {
    let extra: string;

    beforeAll(async () => {
      extra = realpathSync(await mkdtemp('/var/tmp/agentkit-readable-'));
      writeFileSync(path.join(extra, 'tool.txt'), 'tool\n');
    });

    afterAll(async () => {
      await rm(extra, { recursive: true, force: true });
    });

    it('says a program outside the view cannot start, and how the host can add it', async () => {
      const program = path.join(extra, 'tool.sh');
      writeFileSync(program, '#!/bin/sh\necho tool ran\n', { mode: 0o755 });
      const outcome = await shell.run({ argv: [program] });
      const widened = await createShellHarness({ shell: { sandbox: { mode: 'required', readable: [extra] } } });
      try {
        expect(outcome).toMatchObject(
          available
            ? {
                status: 'failed',
                invoked: true,
                error: { code: 'execution_failed', details: { reason: 'spawn_failed', file: program } },
              }
            : REFUSED_OUTCOME,
        );
        expect(outcome.status === 'failed' ? outcome.error.message : '').toContain(
          available ? 'shellTools({ sandbox: { readable } })' : 'bubblewrap',
        );
        expect(stdoutOf(await widened.run({ argv: [program] }))).toStrictEqual(available ? 'tool ran\n' : REFUSED);
      } finally {
        await widened.close();
      }
    });

    it('shows a readable path read-only, and nothing beside it', async () => {
      const widened = await createShellHarness({ shell: { sandbox: { mode: 'required', readable: [extra] } } });
      const command = `cat ${extra}/tool.txt; f=${extra}/written; touch "$f" 2>/dev/null; echo $?; ls -A /var; ls -A /var/tmp`;
      try {
        const outcome = await widened.run({ command });

        expect(existsSync(path.join(extra, 'written'))).toBe(false);
        expect(available ? stdoutOf(outcome) : summarize(outcome)).toStrictEqual(
          available ? `tool\n1\ntmp\n${path.basename(extra)}\n` : REFUSED,
        );
        expect(stdoutOf(await shell.run({ command: `cat ${extra}/tool.txt 2>/dev/null; echo $?` }))).toStrictEqual(
          available ? '1\n' : REFUSED,
        );
      } finally {
        await widened.close();
      }
    });
  });
});
