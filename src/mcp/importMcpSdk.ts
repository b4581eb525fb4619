import { createRequire } from 'node:module';
import { ToolConfigurationError } from '../index.js';

/**
 * What a user runs to install the MCP SDK, an optional peer dependency: only hosts that use MCP
 * (`mcpServers`, `serveTools`, `serveStdio`, `serveHttp`, `@ResourceTemplate`, the bin's `serve`)
 * need it, and the rest of the package never loads it.
 */
export const MCP_SDK_INSTALL = 'npm install @modelcontextprotocol/sdk';

/** Node's "not found" codes: `ERR_MODULE_NOT_FOUND` (import), `MODULE_NOT_FOUND` (require). */
const NOT_FOUND_CODES: readonly unknown[] = ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'];

/**
 * Whether `error` says the SDK itself is missing: a "not found" whose quoted specifier is the
 * SDK's (`Cannot find package '@modelcontextprotocol/sdk' imported from ...`). A module the
 * SDK itself cannot find (a broken install: `Cannot find package 'zod' imported from
 * .../@modelcontextprotocol/sdk/...`) is not, and is left as it is.
 */
export function isMcpSdkMissing(error: unknown): boolean {
  // Read by shape, not `instanceof Error`: a resolver's error may come from another realm (jest's does).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    NOT_FOUND_CODES.includes(code) && typeof message === 'string' && /'@modelcontextprotocol\/sdk['/]/u.test(message)
  );
}

/** The error a host meets when `subject` needs the SDK and it is not installed (`cause`: Node's error). */
export function buildMcpSdkMissingError(subject: string, cause?: unknown): ToolConfigurationError {
  return new ToolConfigurationError(
    `${subject} needs the \`@modelcontextprotocol/sdk\` package (the MCP SDK, v1), an optional peer dependency: ${MCP_SDK_INSTALL}.`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Runs `load` (the SDK's modules, imported on first use) for `subject` (what needs them, e.g.
 * `serveStdio`), so that a missing SDK says what to install.
 * @throws ToolConfigurationError when the SDK is not installed; anything else `load` throws, as it is.
 */
export async function importMcpSdk<T>(subject: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMcpSdkMissing(error)) throw buildMcpSdkMissingError(subject, error);
    throw error;
  }
}

/**
 * Checks, without loading anything, that the SDK can be found from this package (its client
 * entry is resolved), so that configuration that will need it fails when it is given.
 * @throws ToolConfigurationError when the SDK is not installed.
 */
export function assertMcpSdkInstalled(subject: string): void {
  try {
    createRequire(import.meta.url).resolve('@modelcontextprotocol/sdk/client/index.js');
  } catch (error) {
    if (isMcpSdkMissing(error)) throw buildMcpSdkMissingError(subject, error);
    throw error;
  }
}
