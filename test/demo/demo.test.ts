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
