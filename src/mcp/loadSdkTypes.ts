import type * as SdkTypes from '@modelcontextprotocol/sdk/types.js';

let loaded: typeof SdkTypes | undefined;

/**
 * The MCP SDK's protocol types module (its request schemas, `McpError`, `ErrorCode`; zod with
 * them), imported once, when the first server starts or the first client connects: never with
 * `agentkit-tools-core/mcp` itself.
 */
export async function loadSdkTypes(): Promise<typeof SdkTypes> {
  loaded ??= await import('@modelcontextprotocol/sdk/types.js');
  return loaded;
}

/**
 * The protocol types module, once {@link loadSdkTypes} resolved: what code that runs only inside
 * a served request or a connected client reads (both paths await the load before they run).
 * @throws Error when read before the load: a call path that skipped it (a bug, not an input).
 */
export function sdkTypes(): typeof SdkTypes {
  if (loaded === undefined) throw new Error('the MCP SDK types were read before a server or client loaded them');
  return loaded;
}

/** An `McpError` (what a request handler throws to answer a JSON-RPC error), by code name or number. */
export function mcpError(
  code: keyof typeof SdkTypes.ErrorCode | number,
  message: string,
  data?: unknown,
): SdkTypes.McpError {
  const { McpError, ErrorCode } = sdkTypes();
  return new McpError(typeof code === 'number' ? code : ErrorCode[code], message, data);
}
