import { describe, expect, it } from '@jest/globals';
import { run } from '../../samples/07-serve-over-mcp/index.js';

describe('samples/07-serve-over-mcp', () => {
  it('lists the served tools, reads inside the root, refuses an escape and an unapproved write, and cleans up', async () => {
    const lines: string[] = [];
    const report = await run((line) => lines.push(line));

    expect(report.tools).toStrictEqual([
      'fs_create_directory',
      'fs_delete',
      'fs_edit_file',
      'fs_glob',
      'fs_grep',
      'fs_list_directory',
      'fs_move',
      'fs_read_file',
      'fs_write_file',
    ]);
    expect(report.read).toMatchObject({
      content: [{ type: 'text', text: '     1\tServed over MCP.' }],
      _meta: { 'agentkit-tools/metadata': { totalLines: 1, truncated: false } },
    });
    expect(report.escape).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: expect.stringMatching(
            /^\[permission_denied\] The path "\.\.\/secret\.txt" is outside the workspace roots/u,
          ),
        },
      ],
    });
    expect(report.write).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: expect.stringMatching(
            /^\[approval_required\] Refused: .*Nothing was run\.\n.*\n.*\n {2}fs\.write target \(\d+ characters, in full\): ".*new\.txt"$/u,
          ),
        },
      ],
    });
    expect(report).toMatchObject({ written: false, outside: 'outside the root\n', cleanedUp: true });
    expect(
      lines.some((line) => line.includes('<root>') && line.startsWith('fs_read_file ../secret.txt -> isError: true')),
    ).toBe(true);
    expect(lines.at(-1)).toBe('server stopped, temp directory removed: true');
  }, 30_000);
});
