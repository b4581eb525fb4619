import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdirSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, TOOL_EXECUTOR } from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import { SHELL_TOOL_CONFIG } from '../../src/shell/config/SHELL_TOOL_CONFIG.js';
import { SUPERVISOR_NAME } from '../../src/shell/warm/SandboxSupervisor.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import type { JsonValue, ToolExecutionOutcome } from '../../src/index.js';
import { compiledScript } from '../fixtures/compiledScript.js';
import { checkSandbox } from './fixtures/checkSandbox.js';
import { ALLOW_ALL, createShellHarness, getShellValue, type ShellHarness } from './fixtures/createShellHarness.js';
import { createWarmShell, type WarmShell } from './fixtures/createWarmShell.js';
import { findOwnProcesses, findParent } from './fixtures/findOwnProcesses.js';
import { killProcesses, waitForNoProcesses } from './fixtures/findProcesses.js';

const LIMITS = { maxOutputBytes: 1_000, hardOutputLimitBytes: 100_000 } as const;

function summarize(outcome: ToolExecutionOutcome): JsonValue {
  if (outcome.status !== 'completed')
    return { status: outcome.status, code: outcome.status === 'failed' ? outcome.error.code : null };
  const { exitCode, signal, stdout, stderr, timedOut, truncated } = getShellValue(outcome);
  return {
    exitCode: exitCode ?? null,
    signal: signal ?? null,
    stdout: stdout ?? null,
    stderr: stderr ?? null,
    timedOut: timedOut ?? null,
    truncated: truncated ?? null,
  };
}

function failure(outcome: ToolExecutionOutcome): JsonValue {
  return outcome.status === 'failed'
    ? { code: outcome.error.code, reason: outcome.error.details['reason'] ?? null, invoked: outcome.invoked }
    : { status: outcome.status };
}

/** Waits until a process carrying `token` runs (the command started), and returns its pid. */
async function waitForProcess(token: string): Promise<number> {
  for (;;) {
    const [pid] = findOwnProcesses(token);
    if (pid !== undefined) return pid;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`${ShellExecTool.name} in warm sandboxes`, () => {
  let warm: WarmShell;
  let cold: ShellHarness;

  beforeAll(async () => {
    if (!(await checkSandbox('warm sandboxes')))
      throw new Error('warm sandboxes need a working bubblewrap here (apt-get install -y bubblewrap)');
    warm = await createWarmShell({ shell: LIMITS });
    cold = await createShellHarness({
      shell: { sandbox: 'required', killGraceMs: 300, warmSandbox: false, ...LIMITS },
    });
    mkdirSync(`${warm.root}/sub`);
    mkdirSync(`${cold.root}/sub`);
  });

  afterAll(async () => {
    await warm.close();
    await cold.close();
  });

  describe('what a call sees and reports', () => {
    const env = (root: string): JsonValue => ({
      argv: ['sh', '-c', `env | grep -v '^AGENTKIT_SHELL_RUN=' | sed "s#${root}#ROOT#g" | sort`],
      env: { GREETING: 'hi' },
    });
    it.each<[string, (root: string) => JsonValue]>([
      ['the environment', env],
      ['the working directory', (root) => ({ argv: ['sh', '-c', `pwd | sed "s#${root}#ROOT#"`], cwd: 'sub' })],
      ['an exit code', () => ({ command: 'echo out; echo err >&2; exit 3' })],
      ['a signal that ended the shell', () => ({ command: 'kill -TERM $$' })],
      ['a signal that ended a program run directly', () => ({ argv: ['sh', '-c', 'kill -KILL $$'] })],
      ['output past the cap (head and tail kept)', () => ({ argv: ['sh', '-c', 'seq 1 2000'] })],
      ['a timeout', () => ({ argv: ['sleep', '5'], timeoutMs: 300 })],
      ['no stdin and no terminal', () => ({ command: 'cat; tty; echo $?' })],
    ])('%s: the same warm as cold', async (_name, input) => {
      const before = warm.pool.counts.warm;
      const warmOutcome = summarize(await warm.run(input(warm.root)));
      const coldOutcome = summarize(await cold.run(input(cold.root)));

      expect(warmOutcome).toStrictEqual(coldOutcome);
      expect(warm.pool.counts.warm).toBe(before + 1);
    });

    it('reports a missing working directory or program as spawn_failed, as cold', async () => {
      const outcome = await warm.run({ argv: ['./not-here'] });

      expect(failure(outcome)).toStrictEqual(failure(await cold.run({ argv: ['./not-here'] })));
    });
  });

  describe('what a call leaves', () => {
    it('ends a double-forking, setsid stray with an empty environment with its call', async () => {
      const token = `600.${Math.floor(Math.random() * 1e9)}`;
      const before = warm.pool.counts.warm;
      try {
        const outcome = await warm.run({
          command:
            `env -i setsid sh -c 'sleep ${token} </dev/null >/dev/null 2>&1 &' </dev/null >/dev/null 2>&1; ` +
            'echo started',
        });

        expect([summarize(outcome), warm.pool.counts.warm]).toStrictEqual([
          { exitCode: 0, signal: null, stdout: 'started\n', stderr: '', timedOut: false, truncated: false },
          before + 1,
        ]);
        expect(findOwnProcesses(token)).toStrictEqual([]);
      } finally {
        killProcesses(token);
      }
    });

    it('gives the next call an empty /tmp (but its empty HOME), /dev/shm, /run and no message queue (what a call left is removed)', async () => {
      // The targets are in variables: preflight cannot see them (unknown writes), only the sandbox stands there.
      const write = await warm.run({
        command:
          't=/tmp; mkdir "$t/d"; chmod 000 "$t/d"; touch "$t/f"; s=/dev/shm; touch "$s/s"; r=/run; touch "$r/r"; ' +
          'q=/dev/mqueue; touch "$q/q"; h=$HOME; touch "$h/h"; ls "$t/f" "$s/s" "$r/r" "$q/q" "$h/h"',
      });
      const read = await warm.run({ command: `ls -A /tmp /tmp/home /dev/shm /run /dev/mqueue | grep -v '^agentkit-'` });

      expect([getShellValue(write).stdout, getShellValue(read).stdout]).toStrictEqual([
        '/dev/mqueue/q\n/dev/shm/s\n/run/r\n/tmp/f\n/tmp/home/h\n',
        '/dev/mqueue:\n\n/dev/shm:\n\n/run:\n\n/tmp:\nhome\n\n/tmp/home:\n',
      ]);
    });

    it('keeps the /tmp of two concurrent calls apart', async () => {
      // Two supervisors: the second starts while the first pair runs (one of them cold).
      await Promise.all([warm.run({ argv: ['sleep', '0.2'] }), warm.run({ argv: ['sleep', '0.2'] })]);
      await warm.pool.started();
      const before = warm.pool.counts.warm;
      const [first, second] = await Promise.all([
        warm.run({
          command:
            't=/tmp; echo first | tee "$t/mine" >/dev/null; sleep 0.6; cat "$t/mine"; ls "$t/theirs" 2>&1 | wc -l',
        }),
        warm.run({ command: 't=/tmp; sleep 0.3; cat "$t/mine" 2>/dev/null || echo none; touch "$t/theirs"' }),
      ]);

      expect([getShellValue(first).stdout, getShellValue(second).stdout, warm.pool.counts.warm - before]).toStrictEqual(
        ['first\n1\n', 'none\n', 2],
      );
    });

    it('runs a command with a redirect target cold (a file cannot be handed over), with the same result', async () => {
      const before = warm.pool.counts;
      const outcome = await warm.run({ command: 'echo kept > out.txt; cat out.txt' });

      expect([getShellValue(outcome).stdout, warm.pool.counts]).toStrictEqual([
        'kept\n',
        { warm: before.warm, cold: before.cold + 1 },
      ]);
    });
  });

  describe('the supervisor', () => {
    it('cannot be read, traced or signalled by the commands it runs (non-dumpable, their PID 1)', async () => {
      const before = warm.pool.counts.warm;
      const outcome = await warm.run({
        command:
          'cat /proc/1/environ >/dev/null 2>&1 && echo readable || echo denied; ' +
          'readlink /proc/1/fd/3 >/dev/null 2>&1 && echo linked || echo unlinked; ' +
          'head -c1 /proc/1/mem >/dev/null 2>&1 && echo mem || echo no-mem; kill -KILL 1; kill -STOP 1; kill -KILL -1; echo alive',
      });
      const after = await warm.run({ argv: ['echo', 'next'] });

      expect([
        getShellValue(outcome).stdout,
        getShellValue(after).stdout,
        warm.pool.counts.warm - before,
      ]).toStrictEqual(['denied\nunlinked\nno-mem\nalive\n', 'next\n', 2]);
    });
  });

  describe('a lost supervisor', () => {
    it.each([
      ['killed', 'SIGKILL'],
      ['hung', 'SIGSTOP'],
    ] as const)(
      'ends the call running in it unavailable when it is %s, and the next call gets a fresh one',
      async (_name, signal) => {
        const shell = await createWarmShell({ timing: { pingMs: 50, answerMs: 300 } });
        const token = `601.${Math.floor(Math.random() * 1e9)}`;
        try {
          const running = shell.run({ argv: ['sleep', token] });
          // The command's parent is the supervisor (this process's grandchild, through bubblewrap).
          const supervisor = findParent(await waitForProcess(token));
          if (supervisor === undefined) throw new Error('the command has no parent');
          process.kill(supervisor, signal); // our own: the supervisor this test's pool started

          expect(failure(await running)).toStrictEqual({
            code: 'unavailable',
            reason: 'sandbox_supervisor_lost',
            invoked: true,
          });
          expect(await waitForNoProcesses(token)).toStrictEqual([]);
          expect(summarize(await shell.run({ argv: ['echo', 'again'] }))).toMatchObject({
            exitCode: 0,
            stdout: 'again\n',
          });
          expect(shell.pool.counts.warm).toBe(2);
        } finally {
          killProcesses(token);
          await shell.close();
        }
      },
    );
  });

  describe('close()', () => {
    it('ends every supervisor and leaves no process behind (executor.close())', async () => {
      const root = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-warm-close-')));
      const container = new Container();
      container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
      container.load(agentkitModule({ roots: [{ path: root }] }), shellTools({ sandbox: 'required' }));
      const others = new Set([...findOwnProcesses(SUPERVISOR_NAME), ...findOwnProcesses('bwrap')]);
      const ours = (token: string): number[] => findOwnProcesses(token).filter((pid) => !others.has(pid));
      try {
        const executor = await container.getAsync(TOOL_EXECUTOR);
        const request = {
          callId: 'c',
          toolName: 'shell_exec',
          input: { argv: ['true'] },
          sessionId: 's',
          turnId: 't',
          metadata: {},
        };
        await Promise.all([executor.execute(request), executor.execute({ ...request, callId: 'd' })]);
        await container.get(SHELL_TOOL_CONFIG).supervisors?.started();
        const running = ours(SUPERVISOR_NAME).length;
        await executor.close();

        expect([running > 0, ours(SUPERVISOR_NAME), ours('bwrap')]).toStrictEqual([true, [], []]);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });

    it('settles in a host whose loop has nothing else to do (a top-level await of close() ends, exit 0)', async () => {
      const root = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'agentkit-warm-exit-')));
      try {
        const script = await compiledScript(fileURLToPath(new URL('fixtures/closeWarmHost.ts', import.meta.url)));
        const { stdout } = await promisify(execFile)(process.execPath, [script, root], { cwd: root });

        expect(stdout).toBe('"warm\\n"\nclosed\n');
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }, 30_000);
  });
});
