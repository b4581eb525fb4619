import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const ISSUES: Readonly<Record<number, string>> = {
  42: 'Issue #42 (open): typo "teh" in docs/guide.md makes scripts/check.sh fail. Assigned to docs-team.',
};

/** A tiny MCP server with one tool, served in this process (`{ type: 'in_memory', server }`): an issue tracker. */
export function createTrackerServer(): McpServer {
  const server = new McpServer({ name: 'tracker', version: '1.0.0' });
  server.registerTool(
    'get_issue',
    { description: 'Reads an issue of the project tracker by number.', inputSchema: { id: z.number().int().min(1) } },
    ({ id }) => ({
      content: [{ type: 'text' as const, text: ISSUES[id] ?? `No issue #${id}.` }],
    }),
  );
  return server;
}
