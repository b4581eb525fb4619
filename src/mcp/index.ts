import 'reflect-metadata';

// Client side: remote servers' tools, resources and prompts
export { mcpServers } from './mcpServers.js';
export { MCP_SERVERS_DEFAULTS, type McpServerConfig, type McpServersOptions } from './McpServersOptions.js';
export type {
  McpHttpTransportConfig,
  McpInMemoryTransportConfig,
  McpStdioTransportConfig,
  McpTransportConfig,
} from './McpTransportConfig.js';
export { MCP_CLIENT_REGISTRY } from './MCP_CLIENT_REGISTRY.js';
export { McpClientRegistry } from './McpClientRegistry.js';
export type { McpServerState, McpServerStatus } from './McpServerStatus.js';
export { McpToolSource } from './McpToolSource.js';
export type { PromptProvider, PromptDescriptor, PromptMessage, PromptResult } from './PromptProvider.js';
export type { ResourceDescriptor, ResourceContents, ResourceProvider } from './ResourceProvider.js';
export { McpResourceProvider } from './McpResourceProvider.js';
export { McpPromptProvider } from './McpPromptProvider.js';
export type { McpProviderOptions } from './McpProviderOptions.js';
export { MCP_PERMISSION_KINDS, McpPermissionRequest, type McpPermissionKind } from './McpPermissionRequest.js';
export { buildMcpToolName } from './buildMcpToolName.js';
export { MCP_ERROR_REASONS, type McpErrorReason } from './McpErrorReason.js';

// Server side: an executor's tools served over MCP
export { serveTools, type ServeToolsOptions } from './serveTools.js';
export { serveStdio } from './serveStdio.js';
export { serveHttp, DEFAULT_SHUTDOWN_GRACE_MS, type HttpServeHandle } from './serveHttp.js';
export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, type ServeHttpOptions } from './ServeHttpOptions.js';
export { APPROVAL_META_KEY } from './handleCallTool.js';
export { RESULT_METADATA_META_KEY } from './buildCallToolResult.js';
export { OUTPUT_LOGGER } from './CallNotifications.js';

// Server side: resources, resource templates and prompts from decorated classes
export { Resource } from './Resource.js';
export type { ResourceOptions } from './ResourceOptions.js';
export { ResourceTemplate } from './ResourceTemplate.js';
export type { ResourceTemplateOptions } from './ResourceTemplateOptions.js';
export { Prompt } from './Prompt.js';
export type { PromptArgumentOptions, PromptOptions } from './PromptOptions.js';
export type {
  CompleteMethod,
  PromptClassInstance,
  PromptGetResult,
  ResourceChangeListener,
  ResourceClassInstance,
  ResourceReadResult,
  ResourceTemplateClassInstance,
} from './ServedClass.js';
export { servedContent, type ServedContent, type ServedContentResolver } from './servedContent.js';
export { ServedResources, RESOURCE_NOT_FOUND, type ResourceTemplateDescriptor } from './ServedResources.js';
export { ServedPrompts } from './ServedPrompts.js';
