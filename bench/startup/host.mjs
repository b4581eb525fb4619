// `node bench/startup/host.mjs <root> [tool] [input JSON]`: a host with the fs, shell and mcp
// built-ins (no MCP server configured, no DTO tool), from the build in AGENTKIT_DIST (a file URL;
// default dist/), from start to its first call (default fs_read_file of a.txt); exits 1 when the
// call fails. Run by bench/startup/run.ts.
const dist = process.env.AGENTKIT_DIST ?? new URL('../../dist', import.meta.url).href;
const root = process.argv[2];
const { Container } = await import('inversify');
const core = await import(`${dist}/index.js`);
const { fileSystemTools } = await import(`${dist}/fs/index.js`);
const { shellTools } = await import(`${dist}/shell/index.js`);
const { mcpServers } = await import(`${dist}/mcp/index.js`);
const container = new Container();
container.load(
  core.agentkitModule({ roots: [{ path: root }] }),
  fileSystemTools(),
  shellTools({ sandbox: 'off' }),
  mcpServers({ servers: [] }),
);
const executor = await container.getAsync(core.TOOL_EXECUTOR);
const outcome = await executor.execute({
  callId: 'c1',
  toolName: process.argv[3] ?? 'fs_read_file',
  input: JSON.parse(process.argv[4] ?? '{"path":"a.txt"}'),
  sessionId: 's',
  turnId: 't',
  metadata: {},
});
// A shell command asks for approval under the default checker: parsed and planned, so it counts.
if (outcome.status === 'failed') {
  console.error(JSON.stringify(outcome));
  process.exitCode = 1;
}
await executor.close();
