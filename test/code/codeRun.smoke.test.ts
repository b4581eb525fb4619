import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, type ToolExecutor, type ToolRequest } from '../../src/index.js';
import { codeTools } from '../../src/code/index.js';
import { fileSystemTools } from '../../src/fs/index.js';

let dir: string;
let executor: ToolExecutor;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agentkit-code-'));
  writeFileSync(join(dir, 'a.txt'), 'hello\n');
  const container = new Container();
  container.load(agentkitModule({ roots: [{ path: dir }] }), fileSystemTools(), codeTools());
  executor = await container.getAsync(TOOL_EXECUTOR);
});

afterEach(async () => {
  await executor.close();
  rmSync(dir, { recursive: true, force: true });
});

function request(code: string, callId = 'c1'): ToolRequest {
  return { callId, toolName: 'code_run', input: { code }, sessionId: 's1', turnId: 't1', metadata: {} };
}

describe('code_run smoke', () => {
  it('reads, then pauses for the write and resumes', async () => {
    const code = `
      const text = await tools.fs_read_file({ path: ${JSON.stringify(join(dir, 'a.txt'))} });
      console.log('read', typeof text);
      await tools.fs_write_file({ path: ${JSON.stringify(join(dir, 'b.txt'))}, content: 'x' });
      return { ok: true, random: Math.random(), now: Date.now() };
    `;
    const first = await executor.execute(request(code));
    expect(first.status).toBe('interrupted');
    if (first.status !== 'interrupted' || first.interruption.type !== 'approval_required')
      throw new Error(JSON.stringify(first));
    expect(first.interruption.approval.callId).toBe('c1/2');
    const resumed = await executor.executeApproved(request(code), first.interruption.approval);
    expect(resumed).toMatchObject({
      status: 'completed',
      result: { result: { output: { value: { result: { ok: true }, console: ['read string'], toolCalls: 2 } } } },
    });
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('x');
  });
});
