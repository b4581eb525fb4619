import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Container } from 'inversify';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  PolicyPermissionChecker,
  TOOL_EXECUTOR,
  type ToolRequest,
} from '../../src/index.js';
import { MCP_CLIENT_REGISTRY, mcpServers, type McpTransportConfig } from '../../src/mcp/index.js';
import { ECHO_DESCRIPTION, ECHO_TEXT, ECHO_TOOL_NAME, echoZodShape } from '../echo.js';
import type { Subject } from '../measure.js';

/** How the echo server is reached: linked in memory, or a server-everything process over stdio. */
export type EchoTransportKind = 'in-memory' | 'stdio';

export interface EchoBenchSubject extends Subject {
  /** The text one call returns, to check both subjects echo the same thing. */
  echo(): Promise<string>;
  close(): Promise<void>;
}

const EVERYTHING_ENTRY = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

/** The remote tool each kind calls, with its arguments and the text it answers. */
const REMOTE = {
  'in-memory': { tool: ECHO_TOOL_NAME, args: { text: ECHO_TEXT }, answer: ECHO_TEXT },
  stdio: { tool: 'echo', args: { message: ECHO_TEXT }, answer: `Echo: ${ECHO_TEXT}` },
} as const;

/** An in-process MCP server with the bench echo tool (zod-validated by the SDK's McpServer). */
function createEchoServer(): McpServer {
  const server = new McpServer({ name: 'bench-echo', version: '1.0.0' });
  server.registerTool(ECHO_TOOL_NAME, { description: ECHO_DESCRIPTION, inputSchema: echoZodShape }, ({ text }) => ({
    content: [{ type: 'text' as const, text }],
  }));
  return server;
}

function firstText(content: unknown): string {
  const [first] = content as { type: string; text?: string }[];
  if (first?.type !== 'text' || first.text === undefined)
    throw new Error(`expected a text block, got ${JSON.stringify(content).slice(0, 200)}`);
  return first.text;
}

function checked(kind: EchoTransportKind, text: string): string {
  if (text !== REMOTE[kind].answer) throw new Error(`unexpected echo ${JSON.stringify(text)}`);
  return text;
}

/** The SDK's own `Client.callTool` over `InMemoryTransport` or `StdioClientTransport`. */
export async function createSdkEchoSubject(kind: EchoTransportKind): Promise<EchoBenchSubject> {
  const client = new Client({ name: 'agentkit-bench', version: '1.0.0' });
  let server: McpServer | undefined;
  if (kind === 'in-memory') {
    server = createEchoServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  } else {
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], stderr: 'ignore' }),
    );
  }
  // Listed once, as a host would: callTool then knows the tool's output schema (none here).
  await client.listTools();
  const { tool, args } = REMOTE[kind];
  const echo = async (): Promise<string> =>
    checked(kind, firstText((await client.callTool({ name: tool, arguments: args })).content));
  return {
    name: `SDK Client.callTool (${kind})`,
    call: echo,
    echo,
    close: async () => {
      await client.close();
      await server?.close();
    },
  };
}

/**
 * The same remote tool through `mcpServers` and `executor.execute`: input validation, the
 * `mcp.invoke_tool` preflight under a policy that allows it, the call deadline, result mapping.
 */
export async function createAgentkitEchoSubject(kind: EchoTransportKind): Promise<EchoBenchSubject> {
  const transport: McpTransportConfig =
    kind === 'in-memory'
      ? { type: 'in_memory', server: createEchoServer() }
      : { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };
  const { tool, args } = REMOTE[kind];
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(
    new PolicyPermissionChecker({
      rules: [{ effect: 'allow', kind: 'mcp.invoke_tool', pattern: `bench/${tool}` }],
      fallback: 'ask',
    }),
  );
  container.load(agentkitModule(), mcpServers({ servers: [{ id: 'bench', transport }] }));
  const registry = container.get(MCP_CLIENT_REGISTRY);
  const executor = await container.getAsync(TOOL_EXECUTOR);
  const request: ToolRequest = {
    callId: 'bench',
    toolName: `mcp_bench_${tool}`,
    input: args,
    sessionId: 'bench',
    turnId: 'turn-1',
    metadata: {},
  };
  const echo = async (): Promise<string> => {
    const outcome = await executor.execute(request);
    if (outcome.status !== 'completed' || outcome.result.result.output.type !== 'text')
      throw new Error(`${request.toolName} failed: ${JSON.stringify(outcome).slice(0, 300)}`);
    return checked(kind, outcome.result.result.output.text);
  };
  return { name: `agentkit mcpServers + executor.execute (${kind})`, call: echo, echo, close: () => registry.close() };
}
