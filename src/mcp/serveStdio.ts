import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ToolExecutor } from '../index.js';
import { serveTools, type ServeToolsOptions } from './serveTools.js';

/** {@link serveTools} over this process's stdin and stdout. */
export function serveStdio(executor: ToolExecutor, options: ServeToolsOptions = {}): Promise<Server> {
  return serveTools(executor, new StdioServerTransport(), options);
}
