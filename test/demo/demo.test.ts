import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createRun, PROJECT, readState, readTree, runDemo, type SavedRecord } from './runDemo.js';

const EXPLORE: SavedRecord[] = [
  { toolName: 'fs_list_directory', outcome: 'completed', approval: '-' },
  { toolName: 'fs_grep', outcome: 'completed', approval: '-' },
  { toolName: 'fs_read_file', outcome: 'completed', approval: '-' },
];
const ESCAPES: SavedRecord[] = [
  { toolName: 'fs_read_file', outcome: 'refused', approval: '-' },
  { toolName: 'fs_read_file', outcome: 'refused', approval: '-' },
];
const approved = (toolName: string): SavedRecord => ({ toolName, outcome: 'completed', approval: 'approved' });
const rejected = (toolName: string): SavedRecord => ({ toolName, outcome: 'rejected', approval: 'rejected' });
const ALL_APPROVED = [
  ...EXPLORE,
  approved('fs_edit_file'),
  approved('shell_exec'),
  approved('mcp_tracker_get_issue'),
  { toolName: 'owners_lookup', outcome: 'completed', approval: '-' },
  ...ESCAPES,
];

/** Code mode (`--code`): the first five steps are one code_run call, which asks twice (the edit, then the check). */
const CODE_ALL_APPROVED: SavedRecord[] = [approved('code_run'), ...ALL_APPROVED.slice(5)];

const dirs: string[] = [];
function newRun(): ReturnType<typeof createRun> {
  const run = createRun();
  dirs.push(run.dir);
  return run;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const guide = (root: string): string => readFileSync(path.join(root, 'docs/guide.md'), 'utf8');

describe('npm start (the demo)', () => {
  it('--approve all: the edit happens, the check runs and passes, the remote tool answers, the escapes are refused before running', async () => {
    const { root, state } = newRun();
    const stdout = await runDemo(['--approve', 'all', '--root', root, '--state', state]);
    expect(readState(state)).toStrictEqual({ status: 'done', pending: [], records: ALL_APPROVED });
    expect(guide(root)).toContain('Run the check script before you commit:');
    expect(stdout).toContain('check passed: no typos in docs');
    // The check script's output, shown live while it ran (four spaces; result blocks have six).
    expect(stdout).toContain('\n    | check passed: no typos in docs\n');
    expect(stdout).toContain('Issue #42 (open)');
    expect(stdout).toContain('"owner":"docs-team@example.com"');
    expect(stdout).toContain('[permission_denied] The path "/etc/passwd" is outside the workspace roots.');
    expect(stdout).toContain('[permission_denied] The path "../../../../etc/passwd" is outside the workspace roots.');
    expect(stdout.match(/fs_read_file -> refused \(invoked: false\)/gu)).toHaveLength(2);
    expect(stdout).toContain('approvals: 3 asked, 3 approved, 0 rejected, 0 open');
  }, 60_000);

  it('without a terminal and without --approve, approves all (so `npm ci && npm start` runs anywhere)', async () => {
    const { root, state } = newRun();
    const stdout = await runDemo(['--root', root, '--state', state]);
    expect(stdout).toContain('(mode: all)');
    expect(readState(state)).toStrictEqual({ status: 'done', pending: [], records: ALL_APPROVED });
  }, 60_000);

  it('--approve none: every change, command and remote call is rejected and nothing is written in the workspace', async () => {
    const { root, state } = newRun();
    const before = readTree(root);
    const stdout = await runDemo(['--approve', 'none', '--root', root, '--state', state]);
    expect(readTree(root)).toStrictEqual(before);
    expect(readTree(root)).toStrictEqual(readTree(PROJECT));
    expect(readState(state)).toStrictEqual({
      status: 'done',
      pending: [],
      records: [
        ...EXPLORE,
        rejected('fs_edit_file'),
        rejected('shell_exec'),
        rejected('mcp_tracker_get_issue'),
        { toolName: 'owners_lookup', outcome: 'completed', approval: '-' },
        ...ESCAPES,
      ],
    });
    expect(stdout).toContain('You declined the edit, so docs/guide.md still has the typo.');
  }, 60_000);

  it('--approve stop persists at the first approval and exits 0; --resume in a second process completes the run', async () => {
    const { root, state } = newRun();
    const first = await runDemo(['--approve', 'stop', '--root', root, '--state', state]);
    expect(first).toContain(`Continue it in a new process: npm start -- --resume --state ${state}`);
    expect(readState(state)).toStrictEqual({
      status: 'paused',
      pending: ['fs_edit_file'],
      records: [...EXPLORE, { toolName: 'fs_edit_file', outcome: 'waiting', approval: 'asked' }],
    });
    expect(readTree(root)).toStrictEqual(readTree(PROJECT));

    const second = await runDemo(['--resume', '--state', state]);
    expect(second).toContain('Resuming the run');
    expect(readState(state)).toStrictEqual({ status: 'done', pending: [], records: ALL_APPROVED });
    expect(guide(root)).toContain('Run the check script before you commit:');
    expect(second).toContain('check passed: no typos in docs');
  }, 90_000);

  it('--code: one code_run script does the first five steps, pausing at the edit and at the check; each approval resumes it by replay', async () => {
    const { root, state } = newRun();
    const stdout = await runDemo(['--code', '--approve', 'all', '--root', root, '--state', state]);
    expect(stdout).toContain('(mode: all, code mode)');
    expect(stdout).toContain(
      '[turn 1] model calls code_run with a script:\n      > const listing = await tools.fs_list_directory',
    );
    expect(stdout).toContain('code_run -> paused for approval: fs.edit');
    expect(stdout).toContain('approved -> paused again for approval: shell.exec "bash scripts/check.sh"');
    // The script runs three times (first run, two resumes); its console lines repeat, its calls are answered from the record.
    expect(stdout.match(/\n {4}console: listed 3 entries\n/gu)).toHaveLength(3);
    expect(stdout.match(/\n {4}console: fixed the typo\n/gu)).toHaveLength(2);
    expect(stdout).toContain('\n    | check passed: no typos in docs\n');
    expect(stdout).toContain('"toolCalls":5');
    expect(readState(state)).toStrictEqual({ status: 'done', pending: [], records: CODE_ALL_APPROVED });
    expect(guide(root)).toContain('Run the check script before you commit:');
    expect(stdout).toContain('approvals: 3 asked, 3 approved, 0 rejected, 0 open');
    expect(stdout).toContain('model: I fixed the typo in docs/guide.md. scripts/check.sh passes.');
  }, 60_000);

  it('--code --approve stop: the paused script resumes in a new process from the record kept in the file store', async () => {
    const { root, state } = newRun();
    const first = await runDemo(['--code', '--approve', 'stop', '--root', root, '--state', state]);
    expect(first).toContain('code_run -> paused for approval: fs.edit');
    expect(readState(state)).toStrictEqual({
      status: 'paused',
      pending: ['code_run'],
      records: [{ toolName: 'code_run', outcome: 'waiting', approval: 'asked' }],
    });
    expect(readTree(root)).toStrictEqual(readTree(PROJECT));

    // --resume --approve stop gives the approval it stopped at, and stops at the script's next one.
    const second = await runDemo(['--resume', '--approve', 'stop', '--state', state]);
    expect(second).toContain('approved -> paused again for approval: shell.exec');
    expect(guide(root)).toContain('Run the check script before you commit:');
    expect(readState(state)).toStrictEqual({
      status: 'paused',
      pending: ['code_run'],
      records: [{ toolName: 'code_run', outcome: 'waiting', approval: 'asked' }],
    });

    const third = await runDemo(['--resume', '--state', state]);
    expect(third).toContain('check passed: no typos in docs');
    expect(readState(state)).toStrictEqual({ status: 'done', pending: [], records: CODE_ALL_APPROVED });
  }, 120_000);

  it('--code --approve none: rejecting the edit rejects the whole script, and nothing is written', async () => {
    const { root, state } = newRun();
    const stdout = await runDemo(['--code', '--approve', 'none', '--root', root, '--state', state]);
    expect(readTree(root)).toStrictEqual(readTree(PROJECT));
    expect(readState(state)).toStrictEqual({
      status: 'done',
      pending: [],
      records: [
        rejected('code_run'),
        rejected('mcp_tracker_get_issue'),
        { toolName: 'owners_lookup', outcome: 'completed', approval: '-' },
        ...ESCAPES,
      ],
    });
    expect(stdout).toContain('You declined the edit, so docs/guide.md still has the typo.');
    expect(stdout).toContain('approvals: 2 asked, 0 approved, 2 rejected, 0 open');
  }, 60_000);

  it('--code with --resume is refused: a resumed run keeps the mode it started in', async () => {
    await expect(runDemo(['--code', '--resume'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--code starts a new run'),
    });
  }, 60_000);

  it('--code --format openai adds code_run, its description declaring the other tools in TypeScript', async () => {
    const tools = JSON.parse(await runDemo(['--code', '--format', 'openai'])) as {
      function: { name: string; description: string };
    }[];
    const codeRun = tools.find((tool) => tool.function.name === 'code_run');
    expect(tools).toHaveLength(13);
    expect(codeRun?.function.description).toContain('declare const tools: {');
    expect(codeRun?.function.description).toContain('fs_edit_file(input: { path: string; oldString: string;');
  }, 60_000);

  it('--format anthropic prints the declarations it would send, as JSON, and exits', async () => {
    const stdout = await runDemo(['--format', 'anthropic']);
    const tools = JSON.parse(stdout) as { name: string; description: string; input_schema: { type: string } }[];
    expect(tools.map((tool) => tool.name).sort()).toStrictEqual([
      'fs_create_directory',
      'fs_delete',
      'fs_edit_file',
      'fs_glob',
      'fs_grep',
      'fs_list_directory',
      'fs_move',
      'fs_read_file',
      'fs_write_file',
      'mcp_tracker_get_issue',
      'owners_lookup',
      'shell_exec',
    ]);
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toStrictEqual(['description', 'input_schema', 'name']);
      expect(tool.input_schema.type).toBe('object');
    }
  }, 60_000);
});
