// README: "Built-in tools".
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';
import { fileSystemTools } from 'agentkit-tools-core/fs';
import { shellTools } from 'agentkit-tools-core/shell';

const workspaceDir = mkdtempSync(join(tmpdir(), 'agentkit-readme-'));

const container = new Container();
container.load(
  agentkitModule({ roots: [{ path: workspaceDir, mode: 'read_write' }] }),
  fileSystemTools(), // fs_read_file, fs_write_file, fs_edit_file, fs_list_directory, ...
  shellTools({ timeoutMs: 30_000 }), // shell_exec
);
const executor = await container.getAsync(TOOL_EXECUTOR);
// The default checker: reads inside the root run; writes, edits and shell commands ask first.

export { executor, workspaceDir };
