import type { Tool } from './Tool.js';

/**
 * Contributes tools that are not `@Tool` classes (MCP servers are one). Bind any number under
 * `TOOL_SOURCE`; the executor loads each when it is first resolved.
 */
export interface ToolSource {
  /** Names the source in error messages (`mcp server github`). */
  readonly id: string;
  loadTools(): readonly Tool[] | Promise<readonly Tool[]>;
  /**
   * Optional: call `listener` when the source's tool set changed; the executor then reloads
   * every source and swaps its registry atomically. Returns an unsubscribe function.
   */
  onToolsChanged?(listener: () => void): () => void;
}
