// README: "Code mode".
import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, type ToolRequest } from 'agentkit-tools-core';
import { codeTools } from 'agentkit-tools-core/code';
import { fileSystemTools } from 'agentkit-tools-core/fs';

const workspaceDir = mkdtempSync(join(tmpdir(), 'agentkit-readme-code-'));
writeFileSync(join(workspaceDir, 'todo.md'), '- write the docs\n');

const container = new Container();
container.load(
  agentkitModule({ roots: [{ path: workspaceDir, mode: 'read_write' }] }),
  fileSystemTools(),
  codeTools({ tools: ['fs_read_file', 'fs_write_file'], maxToolCalls: 20 }), // code_run
);
const executor = await container.getAsync(TOOL_EXECUTOR);

// The model's one call: a script (plain JavaScript, the body of an async function) that calls tools.
const request: ToolRequest = {
  callId: 'call-1',
  toolName: 'code_run',
  input: {
    code: [
      "const todo = await tools.fs_read_file({ path: 'todo.md' });",
      "console.log('read', todo.length, 'characters');",
      "await tools.fs_write_file({ path: 'done.md', content: todo.replace('- ', '- [x] ') });",
      'return { done: true };',
    ].join('\n'),
  },
  sessionId: 's1',
  turnId: 't1',
  metadata: {},
};

// The read runs; the write asks, so the whole call is interrupted with the write's own approval.
const first = await executor.execute(request);
let outcome = first;
if (first.status === 'interrupted' && first.interruption.type === 'approval_required') {
  const { approval } = first.interruption; // approval.callId is 'call-1/2': show it to the person
  // Approved: the same request with the child's approval. The script runs again from the top,
  // the read is answered from the record (not run again), and the write runs for real.
  outcome = await executor.executeApproved(request, approval);
}
// outcome: completed, { result: { done: true }, console: ['read 17 characters'], consoleCut: 0, toolCalls: 2 }

export { executor, first, outcome, workspaceDir };
