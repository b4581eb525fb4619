import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ToolExecutionOutcome } from '../../src/index.js';
import { shellTools } from '../../src/shell/index.js';
import { checkSandbox } from '../shell/fixtures/checkSandbox.js';
import { createShellHarness, type ShellHarness } from '../shell/fixtures/createShellHarness.js';
import { findProcesses, killProcesses, waitForNoProcesses } from '../shell/fixtures/findProcesses.js';

/**
 * A command that forks faster than it can be killed, bounded so that it cannot bring a shared
 * machine down: `SPAWNERS` shells that ignore SIGTERM each start up to `PER_SPAWNER` sleeps
 * back to back (about 150 processes at most, whatever happens). Each sleep carries the test's
 * token, so every process of the bomb can be found (and, should a test fail, killed).
 */
const SPAWNERS = 3;
const PER_SPAWNER = 50;
const TIMEOUT_MS = 1_000;

function buildBomb(token: string, escape: boolean): string {
  const sleep = escape ? `setsid sleep ${token}` : `sleep ${token}`;
  const spawner = `(trap '' TERM; for i in $(seq 1 ${PER_SPAWNER}); do ${sleep} & done; wait)`;
  return `trap '' TERM; for s in $(seq 1 ${SPAWNERS}); do ${spawner} & done; wait`;
}

function summarize(outcome: ToolExecutionOutcome): Record<string, unknown> {
  if (outcome.status !== 'completed' || outcome.result.result.output.type !== 'structured')
    return { status: outcome.status };
  const { timedOut } = outcome.result.result.output.value as { timedOut?: unknown };
  return { status: 'completed', timedOut, isError: outcome.result.result.isError };
}

describe(`${shellTools.name} with a command that forks faster than it can be killed (bounded)`, () => {
  let sandboxed: ShellHarness;
  let unconfined: ShellHarness;
  let available: boolean;
  const tokens: string[] = [];

  beforeAll(async () => {
    available = await checkSandbox('forkBomb.test.ts');
    sandboxed = await createShellHarness({ shell: { sandbox: 'required' } });
    unconfined = await createShellHarness({ shell: { sandbox: 'off' } });
  });

  afterAll(async () => {
    for (const token of tokens) killProcesses(token);
    await sandboxed.close();
    await unconfined.close();
  });

  function newToken(): string {
    const token = `600.${Math.floor(Math.random() * 1e9)}`;
    tokens.push(token);
    return token;
  }

  it('ends the whole process group at the timeout when there is no sandbox: the bomb forked, and no process of it is left', async () => {
    const token = newToken();
    const running = unconfined.run({ command: buildBomb(token, false), timeoutMs: TIMEOUT_MS });
    // The witness that it really forked: many of its processes ran at once before the timeout.
    let most = 0;
    for (let look = 0; look < 40 && most < SPAWNERS * 10; look += 1) {
      most = Math.max(most, findProcesses(token).length);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const outcome = await running;

    expect({
      forked: most >= SPAWNERS * 10,
      outcome: summarize(outcome),
      left: await waitForNoProcesses(token),
    }).toStrictEqual({
      forked: true,
      outcome: { status: 'completed', timedOut: true, isError: true },
      left: [],
    });
  });

  it('ends the bomb with its PID namespace in the sandbox, even the processes that left its session', async () => {
    const token = newToken();

    const outcome = await sandboxed.run({ command: buildBomb(token, true), timeoutMs: TIMEOUT_MS });

    expect({
      outcome: available ? summarize(outcome) : outcome.status,
      left: await waitForNoProcesses(token),
    }).toStrictEqual({
      outcome: available ? { status: 'completed', timedOut: true, isError: true } : 'failed',
      left: [],
    });
  });
});
