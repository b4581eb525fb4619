import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { createShellHarness, getShellValue, sleep, type ShellHarness } from './fixtures/createShellHarness.js';
import { killProcesses, waitForNoProcesses } from './fixtures/findProcesses.js';
import { detectSandbox, findBubblewrap } from '../../src/shell/sandbox/detectSandbox.js';

/** Long enough for a stray process to have written its marker, had it survived. */
const AFTERMATH_MS = 1_000;

/** A token no other process carries: a sleep of 600.<random> seconds is found by it in /proc. */
function makeToken(): string {
  return `600.${Math.floor(Math.random() * 1e9)}`;
}

// 'auto' runs in bubblewrap where it works (see ShellExecTool.sandbox.test.ts); 'off' is the
// process-group and /proc path every host without it takes.
describe.each(['auto', 'off'] as const)(`${ShellExecTool.name} process control (sandbox: %s)`, (sandbox) => {
  let shell: ShellHarness;

  beforeAll(async () => {
    shell = await createShellHarness({
      shell: { sandbox, killGraceMs: 200, maxOutputBytes: 1_000, hardOutputLimitBytes: 256 * 1024 },
    });
  });

  afterAll(async () => {
    await shell.close();
  });

  describe('timeout', () => {
    it('stops the command and completes with timedOut and isError', async () => {
      const started = Date.now();
      const outcome = await shell.run({ command: 'echo started; sleep 5', timeoutMs: 300 });

      expect(outcome).toMatchObject({
        status: 'completed',
        result: { result: { isError: true }, metadata: { stopped: 'timeout' } },
      });
      expect(getShellValue(outcome)).toStrictEqual({
        exitCode: null,
        signal: 'SIGTERM',
        stdout: 'started\n',
        stderr: '\n[shell_exec: timed out after 300 ms; the process group was stopped]',
        timedOut: true,
        truncated: false,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it.each([
      ['a background grandchild', '(sleep 0.5; touch late-1) & sleep 5', 'late-1'],
      [
        'a grandchild that ignores SIGTERM',
        "trap '' TERM; (trap '' TERM; sleep 0.8; touch late-2) & sleep 5",
        'late-2',
      ],
      ['a grandchild in its own session (setsid)', "setsid sh -c 'sleep 0.5; touch late-3' & sleep 5", 'late-3'],
      ['a grandchild in its own process group (set -m)', 'set -m; (sleep 0.5; touch late-4) & sleep 5', 'late-4'],
    ])('kills %s: its marker is never written', async (_name, command, marker) => {
      const outcome = await shell.run({ command, timeoutMs: 300 });
      await sleep(AFTERMATH_MS);

      expect(getShellValue(outcome).timedOut).toBe(true);
      expect(shell.exists(marker)).toBe(false);
    });

    it('lets a grandchild finish when the command waits for it (the marker is a real witness)', async () => {
      const outcome = await shell.run({ command: '(sleep 0.2; touch late-witness) & wait', timeoutMs: 5_000 });

      expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, timedOut: false });
      expect(shell.exists('late-witness')).toBe(true);
    });
  });

  describe('exit', () => {
    it.each([
      ['a background job', '(sleep 0.4; touch left-1) > /dev/null 2>&1 &', 'left-1'],
      ['a detached daemon (setsid)', "setsid sh -c 'sleep 0.4; touch left-2' > /dev/null 2>&1 &", 'left-2'],
      ['a job holding stdout', '(sleep 0.4; touch left-3) & echo done', 'left-3'],
    ])('kills %s the command left running', async (_name, command, marker) => {
      const outcome = await shell.run({ command, timeoutMs: 5_000 });
      await sleep(AFTERMATH_MS);

      expect(getShellValue(outcome)).toMatchObject({ exitCode: 0, timedOut: false });
      expect(shell.exists(marker)).toBe(false);
    });
  });

  describe('strays that escape the group, the session and the marker', () => {
    // Before: the call waited for the stray to close stdout (600 s here, past the test's limit).
    // The loop waits until the stray is sleep itself: in its own session, its environment empty.
    const detach = (token: string): string =>
      `setsid env -i sleep ${token} & until [ "$(cat /proc/$!/comm)" = sleep ]; do :; done`;
    it.each([
      ['returns at exit', (token: string) => detach(token), 5_000],
      ['returns before its timeout', (token: string) => `${detach(token)}; sleep 30`, 1_000],
    ])(
      '%s although a stray holds its output open, and ends the stray',
      async (_name, build, timeoutMs) => {
        const token = makeToken();
        try {
          const outcome = await shell.run({ command: `echo started; ${build(token)}`, timeoutMs });

          // Outside the sandbox the stray's pipes were closed on our side: what it might still have
          // written is missing, and the result says so. In the sandbox its PID namespace ended it.
          const sandboxed = sandbox === 'auto' && (await detectSandbox(findBubblewrap()));
          expect(getShellValue(outcome)).toMatchObject({
            stdout: 'started\n',
            timedOut: timeoutMs === 1_000,
            truncated: !sandboxed,
          });
          expect(await waitForNoProcesses(token)).toStrictEqual([]);
        } finally {
          killProcesses(token);
        }
      },
      20_000,
    );

    // What identifies the output is known before the program starts: moving its own stdout and
    // stderr away first thing (no shell of ours runs before it) does not hide the stray.
    it('ends a stray holding the output the program moved away from its own stdout and stderr first thing', async () => {
      const token = makeToken();
      const script = `exec 3>&1 4>&2 >/dev/null 2>&1; setsid env -i sleep ${token} >&3 2>&4 3>&- 4>&- & exec 3>&- 4>&-; until [ "$(cat /proc/$!/comm)" = sleep ]; do :; done`;
      try {
        const outcome = await shell.run({ argv: ['sh', '-c', script], timeoutMs: 5_000 });

        const sandboxed = sandbox === 'auto' && (await detectSandbox(findBubblewrap()));
        expect(getShellValue(outcome)).toMatchObject({
          exitCode: 0,
          stdout: '',
          timedOut: false,
          truncated: !sandboxed,
        });
        expect(await waitForNoProcesses(token)).toStrictEqual([]);
      } finally {
        killProcesses(token);
      }
    }, 20_000);
  });

  describe('abort', () => {
    it('kills the process group when the caller cancels mid-run', async () => {
      const controller = new AbortController();
      setTimeout(() => {
        controller.abort();
      }, 250);
      const outcome = await shell.run(
        { command: 'sleep 0.5; touch aborted', timeoutMs: 5_000 },
        { signal: controller.signal },
      );
      await sleep(AFTERMATH_MS);

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: true,
        error: { code: 'interrupted', details: { reason: 'cancelled' } },
      });
      expect(shell.exists('aborted')).toBe(false);
    });

    it("kills the process group when the executor's own deadline passes", async () => {
      const outcome = await shell.run({ command: 'sleep 0.5; touch deadline', timeoutMs: 5_000 }, { timeoutMs: 250 });
      await sleep(AFTERMATH_MS);

      expect(outcome).toMatchObject({
        status: 'failed',
        invoked: true,
        error: { code: 'interrupted', details: { reason: 'timeout' } },
      });
      expect(shell.exists('deadline')).toBe(false);
    });
  });

  describe('output', () => {
    it('keeps the head and tail of each stream and says how much was cut', async () => {
      const outcome = await shell.run({
        command: "printf 'a%.0s' $(seq 600); printf 'b%.0s' $(seq 600); echo err >&2",
      });

      expect(outcome).toMatchObject({
        result: { result: { isError: false }, metadata: { stdoutBytes: 1_200, stderrBytes: 4 } },
      });
      expect(getShellValue(outcome)).toStrictEqual({
        exitCode: 0,
        signal: null,
        stdout: `${'a'.repeat(500)}\n[... 200 bytes cut ...]\n${'b'.repeat(500)}`,
        stderr: 'err\n',
        timedOut: false,
        truncated: true,
      });
    });

    it('kills a flood once it passes the hard limit', async () => {
      const outcome = await shell.run({ command: 'yes flood; touch after-flood', timeoutMs: 10_000 });

      expect(outcome).toMatchObject({
        status: 'completed',
        result: { result: { isError: true }, metadata: { stopped: 'output_limit' } },
      });
      expect(getShellValue(outcome)).toMatchObject({
        truncated: true,
        timedOut: false,
        exitCode: null,
        stderr: `\n[shell_exec: output passed ${256 * 1024} bytes; the process group was stopped]`,
      });
      expect(shell.exists('after-flood')).toBe(false);
    });

    it('decodes UTF-8 with replacement characters', async () => {
      expect(getShellValue(await shell.run({ command: "printf 'caf\\xc3\\xa9 \\xff!'" })).stdout).toBe('café \uFFFD!');
    });
  });
});
