import type { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { takeResult } from '@modelcontextprotocol/sdk/shared/responseMessage.js';
import type {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { importMcpSdk } from './importMcpSdk.js';
import { loadSdkTypes } from './loadSdkTypes.js';

/**
 * The MCP SDK's client-side values the client built-in uses. They are imported when the first
 * configured server connects (or an OAuth code is exchanged), not when `agentkit-tools-core/mcp`
 * is imported: the SDK's protocol types are some 200 modules (zod among them) that a host with no
 * server configured never needs.
 */
export interface ClientSdk {
  readonly Client: typeof Client;
  readonly StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  readonly InMemoryTransport: typeof InMemoryTransport;
  readonly auth: typeof auth;
  readonly OAuthError: typeof OAuthError;
  readonly UnauthorizedError: typeof UnauthorizedError;
  readonly takeResult: typeof takeResult;
  readonly McpError: typeof McpError;
  readonly ErrorCode: typeof ErrorCode;
  readonly CallToolResultSchema: typeof CallToolResultSchema;
  readonly ToolListChangedNotificationSchema: typeof ToolListChangedNotificationSchema;
}

let loading: Promise<ClientSdk> | undefined;
let loaded: ClientSdk | undefined;

async function importClientSdk(): Promise<ClientSdk> {
  // One after another, not in parallel: jest's ESM loader loses shared dependencies (zod) of
  // modules imported concurrently ("request for 'zod/v4' is not in cache"); Node does not mind.
  const types = await loadSdkTypes();
  const client = await import('@modelcontextprotocol/sdk/client/index.js');
  const authModule = await import('@modelcontextprotocol/sdk/client/auth.js');
  const http = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const inMemory = await import('@modelcontextprotocol/sdk/inMemory.js');
  const errors = await import('@modelcontextprotocol/sdk/server/auth/errors.js');
  const response = await import('@modelcontextprotocol/sdk/shared/responseMessage.js');
  loaded = {
    Client: client.Client,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    InMemoryTransport: inMemory.InMemoryTransport,
    auth: authModule.auth,
    OAuthError: errors.OAuthError,
    UnauthorizedError: authModule.UnauthorizedError,
    takeResult: response.takeResult,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    CallToolResultSchema: types.CallToolResultSchema,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
  };
  return loaded;
}

/**
 * The client-side SDK values, imported once (a failed import is tried again next time).
 * @throws ToolConfigurationError when the SDK (an optional peer) is not installed.
 */
export function loadClientSdk(): Promise<ClientSdk> {
  loading ??= importMcpSdk('mcpServers', importClientSdk).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The client-side SDK values if they are loaded, else `undefined`: an error can only be one of
 * the SDK's classes once the SDK is loaded.
 */
export function getLoadedClientSdk(): ClientSdk | undefined {
  return loaded;
}
