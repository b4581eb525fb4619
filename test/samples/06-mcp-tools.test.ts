import { describe, expect, it } from '@jest/globals';
import { run } from '../../samples/06-mcp-tools/index.js';

describe('samples/06-mcp-tools', () => {
  it("serves server-everything's tools beside a local tool under one policy: allowed, asked and resumed, denied, local", async () => {
    const lines: string[] = [];
    const report = await run((line) => lines.push(line));

    expect(report.localTools).toStrictEqual(['text_word_count']);
    expect(report.remoteTools).toContain('mcp_everything_echo');
    expect(report.remoteTools).toContain('mcp_everything_get-sum');
    expect(report.echo).toMatchObject({
      status: 'completed',
      result: { result: { isError: false, output: { type: 'text', text: 'Echo: hello over stdio' } } },
    });
    expect(report.asked).toMatchObject({
      status: 'interrupted',
      interruption: {
        type: 'approval_required',
        approval: {
          toolName: 'mcp_everything_get-sum',
          requests: [{ kind: 'mcp.invoke_tool', target: 'everything/get-sum' }],
        },
      },
    });
    expect(report.resumed).toMatchObject({
      status: 'completed',
      result: { result: { isError: false, output: { type: 'text', text: 'The sum of 2 and 3 is 5.' } } },
    });
    expect(report.denied).toMatchObject({
      status: 'failed',
      invoked: false,
      error: {
        code: 'permission_denied',
        details: {
          code: 'policy_denied',
          denied: [{ request: { kind: 'mcp.invoke_tool', target: 'everything/get-env' } }],
        },
      },
    });
    expect(report.local).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'structured', value: { words: 4 } } } },
    });
    expect(lines.at(-1)).toBe('server-everything stopped');
  }, 30_000);
});
