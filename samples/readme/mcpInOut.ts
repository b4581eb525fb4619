// README: "MCP in and out".
import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Container } from 'inversify';
import { agentkitModule, PERMISSION_CHECKER, PolicyPermissionChecker, TOOL_EXECUTOR } from 'agentkit-tools-core';
import { mcpServers, serveTools } from 'agentkit-tools-core/mcp';

const projectDir = mkdtempSync(join(tmpdir(), 'agentkit-readme-mcp-'));
writeFileSync(join(projectDir, 'notes.md'), '# Notes\n');

// In: a server's tools join the registry as mcp_<id>_<tool>, under your policy (kind `mcp.invoke_tool`).
const container = new Container();
container.bind(PERMISSION_CHECKER).toConstantValue(
  new PolicyPermissionChecker({
    rules: [{ effect: 'allow', kind: 'mcp.invoke_tool', pattern: 'files/read_text_file' }],
    fallback: 'ask',
  }),
);
container.load(
  agentkitModule(),
  mcpServers({
    // npm install @modelcontextprotocol/server-filesystem (or: command 'npx', args ['-y', '@modelcontextprotocol/server-filesystem', dir])
    servers: [
      { id: 'files', transport: { type: 'stdio', command: 'npx', args: ['mcp-server-filesystem', projectDir] } },
    ],
  }),
);
const executor = await container.getAsync(TOOL_EXECUTOR); // starts the server and lists its tools
const read = await executor.execute({
  callId: 'c1',
  toolName: 'mcp_files_read_text_file',
  input: { path: join(projectDir, 'notes.md') },
  sessionId: 's1',
  turnId: 't1',
  metadata: {},
});

// Out: the same executor (policy, approvals and all) served to any MCP client.
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair(); // or new StdioServerTransport()
await serveTools(executor, serverSide);
const client = new Client({ name: 'my-client', version: '1.0.0' });
await client.connect(clientSide);
const { tools } = await client.listTools(); // the remote tools again, as this server's own
await client.close();
await executor.close(); // closes every connection and stops the server process

export { projectDir, read, tools };
