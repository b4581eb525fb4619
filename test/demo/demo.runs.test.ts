import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readState, runDemo } from './runDemo.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An environment whose temp directory is this test's own (no XDG_STATE_HOME): the demo's per-user directory lands in it. */
function isolated(): { env: NodeJS.ProcessEnv; tmp: string } {
  const tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-demo-runs-')));
  dirs.push(tmp);
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
  delete env['XDG_STATE_HOME'];
  return { env, tmp };
}

/** The state file a stopped run says it was saved in. */
function savedIn(stdout: string): string {
  const match = /Continue it in a new process: npm start -- --resume --state (\S+)/u.exec(stdout);
  if (match?.[1] === undefined) throw new Error(`no state file in:\n${stdout}`);
  return match[1];
}

const uid = String(process.getuid?.() ?? os.userInfo().username);

describe('npm start: where a run keeps its state', () => {
  it('keeps each run in its own directory of a private per-user directory; --resume continues the latest', async () => {
    const { env, tmp } = isolated();
    const first = await runDemo(['--approve', 'stop'], env);
    const state = savedIn(first);
    expect(path.dirname(path.dirname(path.dirname(state)))).toBe(path.join(tmp, `agentkit-demo-${uid}`));
    expect(statSync(path.join(tmp, `agentkit-demo-${uid}`)).mode & 0o777).toBe(0o700);
    expect(first).toContain('(or npm start -- --resume, while it is the latest run)');

    const second = await runDemo(['--resume'], env);
    expect(second).toContain(`Resuming the run in ${state}`);
    expect(readState(state)).toMatchObject({ status: 'done', pending: [] });
  }, 120_000);

  it('a run started while another waits to be resumed leaves its approvals alone', async () => {
    const { env } = isolated();
    const waiting = savedIn(await runDemo(['--approve', 'stop'], env));
    await runDemo(['--approve', 'all'], env);

    const resumed = await runDemo(['--resume', '--state', waiting], env);
    expect(resumed).toContain('check passed: no typos in docs');
    expect(readState(waiting)).toMatchObject({ status: 'done', pending: [] });
  }, 120_000);

  it('two runs at the same time do not interfere: each resumes its own call', async () => {
    const { env } = isolated();
    const [a, b] = (await Promise.all([runDemo(['--approve', 'stop'], env), runDemo(['--approve', 'stop'], env)])).map(
      savedIn,
    );
    expect(a).not.toBe(b);

    const [resumedA, resumedB] = await Promise.all([
      runDemo(['--resume', '--state', a ?? ''], env),
      runDemo(['--resume', '--state', b ?? ''], env),
    ]);
    for (const [out, state] of [
      [resumedA, a],
      [resumedB, b],
    ] as const) {
      expect(out).toContain('check passed: no typos in docs');
      expect(readState(state ?? '')).toMatchObject({ status: 'done', pending: [] });
    }
  }, 180_000);

  it('says what happened when a saved run lost its approvals, instead of blaming a store', async () => {
    const { env } = isolated();
    const state = savedIn(await runDemo(['--approve', 'stop'], env));
    rmSync(`${state}.d`, { recursive: true, force: true });

    await expect(runDemo(['--resume', '--state', state], env)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        `The run saved in ${state} cannot be resumed: its approvals (${state}.d) were deleted. Start a new run.`,
      ),
    });
  }, 120_000);
});
