import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createRun, getStartCommand, readState, ROOT } from './runDemo.js';

const run = promisify(execFile);
// Our own tmux server (its own socket) and session: nothing else is touched, and both end with the test.
const SOCKET = `agentkit-demo-test-${process.pid}`;
const SESSION = `demo-${process.pid}`;
const tmux = async (...args: string[]): Promise<string> =>
  (await run('tmux', ['-L', SOCKET, ...args], { timeout: 30_000 })).stdout;
const quote = (word: string): string => `'${word.replace(/'/gu, `'\\''`)}'`;

/** The pane's text (history included) once it contains `text`; fails after `timeoutMs`. */
async function waitForPane(text: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pane = await tmux('capture-pane', '-p', '-J', '-S', '-1000', '-t', SESSION);
    if (pane.includes(text)) return pane;
    if (Date.now() > deadline) throw new Error(`The pane never showed ${JSON.stringify(text)}; it shows:\n${pane}`);
    await delay(100);
  }
}

const dirs: string[] = [];
afterEach(async () => {
  await run('tmux', ['-L', SOCKET, 'kill-session', '-t', SESSION]).catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start in a terminal', () => {
  it('asks at each approval: approving the edit runs it, choosing stop at the command persists the run and exits 0', async () => {
    const { dir, root, state } = createRun();
    dirs.push(dir);
    const exitFile = path.join(dir, 'exit');
    const demo = [process.execPath, ...getStartCommand(), '--root', root, '--state', state].map(quote).join(' ');
    await tmux(
      'new-session',
      '-d',
      '-s',
      SESSION,
      '-x',
      '200',
      '-y',
      '50',
      '-c',
      ROOT,
      `${demo}; echo $? > ${quote(exitFile)}; tmux -L ${SOCKET} wait-for -S ${SESSION}-done`,
    );

    const asked = await waitForPane('Approve fs_edit_file?');
    expect(asked).toContain('(mode: ask)');
    expect(asked).toContain('fs_edit_file -> paused for approval: fs.edit');
    expect(asked).toContain('Approve (run it once)');
    await tmux('send-keys', '-t', SESSION, 'Enter'); // the first choice: approve

    const next = await waitForPane('Approve shell_exec?');
    expect(next).toContain('approved -> completed');
    await tmux('send-keys', '-t', SESSION, 'Down', 'Down', 'Enter'); // the third choice: stop here

    await tmux('wait-for', `${SESSION}-done`);
    expect(readFileSync(exitFile, 'utf8').trim()).toBe('0');
    expect(readFileSync(path.join(root, 'docs/guide.md'), 'utf8')).toContain('Run the check script before you commit:');
    expect(readState(state)).toStrictEqual({
      status: 'paused',
      pending: ['shell_exec'],
      records: [
        { toolName: 'fs_list_directory', outcome: 'completed', approval: '-' },
        { toolName: 'fs_grep', outcome: 'completed', approval: '-' },
        { toolName: 'fs_read_file', outcome: 'completed', approval: '-' },
        { toolName: 'fs_edit_file', outcome: 'completed', approval: 'approved' },
        { toolName: 'shell_exec', outcome: 'waiting', approval: 'asked' },
      ],
    });
  }, 90_000);
});
