import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ToolExecutor } from '../index.js';
import { importMcpSdk } from './importMcpSdk.js';
import { serveTools, type ServeToolsOptions } from './serveTools.js';

/** {@link serveTools} over this process's stdin and stdout. */
export async function serveStdio(executor: ToolExecutor, options: ServeToolsOptions = {}): Promise<Server> {
  // The SDK's server side is imported when serving starts, not with `agentkit-tools-core/mcp`.
  const { StdioServerTransport } = await importMcpSdk(
    'serveStdio',
    () => import('@modelcontextprotocol/sdk/server/stdio.js'),
  );
  return serveTools(executor, new StdioServerTransport(), options);
}
