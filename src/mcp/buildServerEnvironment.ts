import { buildHostEnvironment } from '../internal/index.js';

/**
 * The environment an MCP server process starts with (security.md: the same allow-list as
 * shell commands): never the whole parent environment, only the core's base names and `LC_*`
 * minus names that look like secrets; then the server's configured `env`, as given.
 */
export function buildServerEnvironment(
  source: NodeJS.ProcessEnv,
  configured: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return buildHostEnvironment(source, { set: configured });
}
