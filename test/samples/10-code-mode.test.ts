import { describe, expect, it } from '@jest/globals';
import { run } from '../../samples/10-code-mode/index.js';

describe('samples', () => {
  it('10-code-mode: one code_run does the first five steps, pauses at the edit and the check, and each resume replays the finished calls without running them', async () => {
    const lines: string[] = [];
    const report = await run((line) => lines.push(line));
    expect(report.first).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'approval_required',
        approval: { toolName: 'fs_edit_file', callId: 'call_code/4', requests: [{ kind: 'fs.edit' }] },
      },
    });
    expect(report.resumes).toMatchObject([
      {
        status: 'interrupted',
        interruption: { type: 'approval_required', approval: { toolName: 'shell_exec', callId: 'call_code/5' } },
      },
      {
        status: 'completed',
        result: {
          result: {
            callId: 'call_code',
            output: {
              type: 'structured',
              value: {
                result: { fixed: true, checkExitCode: 0, check: 'check passed: no typos in docs' },
                toolCalls: 5,
                consoleCut: 0,
              },
            },
          },
        },
      },
    ]);
    expect(report.approved).toStrictEqual(['fs_edit_file', 'shell_exec']);
    // Three runs of the script, but every tool's body ran once: the replays answered from the record.
    expect(report.ran).toStrictEqual({
      fs_list_directory: 1,
      fs_grep: 1,
      fs_read_file: 1,
      fs_edit_file: 1,
      shell_exec: 1,
    });
    // Code outside the calls runs again on each resume: its console lines repeat.
    expect(report.consoleLines.filter((line) => line === 'listed 3 entries')).toHaveLength(3);
    expect(report.consoleLines.filter((line) => line === 'fixed the typo')).toHaveLength(2);
    expect(report.guide).toContain('Run the check script before you commit:');
    expect(report.answer).toBe('I fixed the typo in docs/guide.md, and scripts/check.sh passes.');
    expect(lines).toContain('  console: listed 3 entries');
    expect(lines.some((line) => line.startsWith('paused: call_code/4 (fs_edit_file) waits: fs.edit'))).toBe(true);
  }, 60_000);
});
