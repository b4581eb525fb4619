import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ECHO_DESCRIPTION, ECHO_INPUT, ECHO_TOOL_NAME, echoZodSchema, type EchoSubject } from './echo.js';

/**
 * The echo tool in the MCP SDK: an `McpServer` tool (zod-validated by the server) called by a
 * `Client` over `InMemoryTransport.createLinkedPair()`: one JSON-RPC round trip per call,
 * with the SDK's protocol-message validation on both sides.
 */
export async function createMcpSubject(): Promise<EchoSubject> {
  const server = new McpServer({ name: 'bench-echo', version: '1.0.0' });
  server.registerTool(ECHO_TOOL_NAME, { description: ECHO_DESCRIPTION, inputSchema: echoZodSchema }, ({ text }) =>
    Promise.resolve({ content: [{ type: 'text' as const, text }] }),
  );
  const client = new Client({ name: 'bench-client', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  const callTool = (args: Record<string, unknown>) => client.callTool({ name: ECHO_TOOL_NAME, arguments: args });
  return {
    name: 'MCP SDK client -> server (in-memory)',
    validates: true,
    call: () => callTool(ECHO_INPUT),
    echo: async (input) => {
      const result = await callTool(input as Record<string, unknown>);
      if (result.isError === true) throw new Error(JSON.stringify(result.content));
      const [first] = result.content as { type: string; text?: string }[];
      return first?.type === 'text' ? first.text : first;
    },
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
