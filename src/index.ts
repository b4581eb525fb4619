import 'reflect-metadata';

// Values
export type { JsonObject, JsonValue, MetadataMap } from './values/JsonValue.js';
export type { ToolCallPart } from './values/ToolCallPart.js';
export type { ContentPart, FileRef } from './values/ContentPart.js';
export type { ToolOutput } from './values/ToolOutput.js';
export type { ToolResultPart } from './values/ToolResultPart.js';

// Capabilities
export type { Invocable } from './capabilities/Invocable.js';

// Spec
export { isToolName, type ToolName } from './spec/ToolName.js';
export { toToolName } from './spec/toToolName.js';
export type { ToolAnnotations } from './spec/ToolAnnotations.js';
export type { ToolSpec } from './spec/ToolSpec.js';

// Declaring tools
export { Tool } from './decorators/Tool.js';
export { Preflight } from './decorators/Preflight.js';
export type { InvokeInput, PreflightMethod } from './decorators/PreflightMethod.js';
export type { InferToolInput, ToolOptionsInput } from './decorators/InferToolInput.js';
export type { ToolClass } from './decorators/ToolClass.js';
export { JSONSchema } from './decorators/JSONSchema.js';
export type { ToolOptions } from './decorators/ToolOptions.js';
export type { Constructor } from './metadata/Constructor.js';

// Registry
export type { SchemaStrictness } from './schema/SchemaStrictness.js';
export type { ToolSource } from './registry/ToolSource.js';
export { ToolRegistry } from './registry/ToolRegistry.js';
export { ToolCatalog } from './registry/ToolCatalog.js';

// Executor
export type { ToolRequest } from './contract/ToolRequest.js';
export type { ToolResult } from './values/ToolResult.js';
export type { ToolReturn } from './values/ToolReturn.js';
export type { ToolContext } from './contract/ToolContext.js';
export type { ToolEvent } from './contract/ToolEvent.js';
export type { ElicitationResult } from './interrupt/Elicitation.js';
export type { SamplingRequest, SamplingResult } from './contract/Sampling.js';
export type { PlannedRequests, PreflightResult } from './contract/PreflightResult.js';
export type { ToolExecutionScope } from './contract/ToolExecutionScope.js';
export type { ChildToolRequest } from './contract/ChildToolRequest.js';
export type { ToolExecutionOutcome } from './contract/ToolExecutionOutcome.js';
export type { ToolExecutor } from './executor/ToolExecutor.js';
export type { PendingCall } from './executor/ToolExecutor.js';
export type { ExecuteOptions } from './executor/ExecuteOptions.js';
export type { ExecutorObserver } from './executor/ExecutorObserver.js';
export { BasicToolExecutor } from './executor/BasicToolExecutor.js';
export { type BasicToolExecutorOptions } from './executor/BasicToolExecutorOptions.js';
export type { ExecutorStep, FinishedCall, PermittedCall } from './executor/ExecutorStep.js';
export type { Later } from './contract/maybeAsync.js';
export { createResourceKey, type ResourceKey, type ToolResources } from './contract/ToolResources.js';
export { MapToolResources } from './contract/MapToolResources.js';
export { buildToolResult } from './values/buildToolResult.js';

// Permissions
export {
  BasePermissionRequest,
  type PermissionRequest,
  type PermissionRequestJson,
} from './permissions/PermissionRequest.js';
export { PermissionDecision } from './permissions/PermissionDecision.js';
export type { PermissionChecker, PermissionContext } from './permissions/PermissionChecker.js';
export { ToolInvokePermissionRequest } from './permissions/ToolInvokePermissionRequest.js';
export { PolicyPermissionChecker } from './permissions/PolicyPermissionChecker.js';
export type { PolicyPermissionCheckerOptions } from './permissions/PolicyPermissionCheckerOptions.js';
export type { PolicyRule } from './permissions/PolicyRule.js';
export { DefaultPermissionChecker } from './permissions/DefaultPermissionChecker.js';
export type { PathContainment } from './permissions/PathContainment.js';
export type { PolicySubjects } from './permissions/PolicySubjects.js';

// Interruptions
export type { ToolInterruption } from './interrupt/ToolInterruption.js';
export type { ApprovalRequest } from './interrupt/ApprovalRequest.js';
export type { AuthRequest } from './interrupt/AuthRequest.js';
export type { InputRequest } from './interrupt/InputRequest.js';
export { AuthRequiredError, type AuthRequiredOptions } from './interrupt/AuthRequiredError.js';
export type { ApprovalConsumeResult, ApprovalStore } from './interrupt/ApprovalStore.js';
export { InMemoryApprovalStore, type InMemoryApprovalStoreOptions } from './interrupt/InMemoryApprovalStore.js';
export type { CredentialStore, Credentials } from './interrupt/CredentialStore.js';
export { InMemoryCredentialStore } from './interrupt/InMemoryCredentialStore.js';

// Errors
export { ToolError, type ToolErrorJson } from './errors/ToolError.js';
export { TOOL_ERROR_CODES, type ToolErrorCode } from './errors/ToolErrorCode.js';
export { ToolDefinitionError } from './errors/ToolDefinitionError.js';
export { ToolConfigurationError } from './errors/ToolConfigurationError.js';

// Dependency injection
export {
  APPROVAL_STORE,
  CREDENTIAL_STORE,
  ELICITATION_HANDLER,
  EXECUTOR_OBSERVER,
  MODULE_WORKSPACE,
  PATH_CONTAINMENT,
  PERMISSION_CHECKER,
  SAMPLING_HANDLER,
  TOOL_EXECUTOR,
  TOOL_RESOURCES,
  TOOL_SOURCE,
  WORKSPACE,
} from './di/tokens.js';
export { agentkitModule } from './di/agentkitModule.js';
export type { AgentkitModuleOptions } from './di/AgentkitModuleOptions.js';

// Workspace
export { Workspace } from './workspace/Workspace.js';
export type { WorkspaceRoot } from './workspace/WorkspaceRoot.js';
export type { WorkspaceRootConfig } from './workspace/WorkspaceRootConfig.js';
export type { ResolvedPath } from './workspace/ResolvedPath.js';
export type { ResolvePathOptions } from './workspace/ResolvePathOptions.js';

// How the model reads a tool result, format-independent (provider adapters and MCP serveTools take these options)
export type { ModelContentOptions } from './rendering/ModelContentOptions.js';
export type { ModelBlock, ModelContent } from './rendering/ModelContent.js';
