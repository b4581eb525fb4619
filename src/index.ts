import 'reflect-metadata';

// Values
export type { JsonArray, JsonObject, JsonPrimitive, JsonValue, MetadataMap } from './values/JsonValue.js';
export type { ToolCallPart } from './values/ToolCallPart.js';
export type { ContentPart, FileContentPart, FileRef, JsonContentPart, MediaContentPart, MediaModality, TextContentPart } from './values/ContentPart.js';
export type { FilesToolOutput, PartsToolOutput, StructuredToolOutput, TextToolOutput, ToolOutput } from './values/ToolOutput.js';
export type { ToolResultPart } from './values/ToolResultPart.js';
export { isContentPart, isFileRef, isToolOutput } from './values/isToolOutput.js';

// Capabilities
export type { Invocable, InvocableSpec } from './capabilities/Invocable.js';
export type { PromptProvider, PromptDescriptor, PromptMessage, PromptResult } from './capabilities/PromptProvider.js';
export type { ResourceDescriptor, ResourceContents, ResourceProvider } from './capabilities/ResourceProvider.js';

// Spec
export { getToolNameProblem, isToolName, TOOL_NAME_MAX_LENGTH, TOOL_NAME_PATTERN, type ToolName } from './spec/ToolName.js';
export { toToolName } from './spec/toToolName.js';
export type { ToolAnnotations } from './spec/ToolAnnotations.js';
export type { ToolSpec } from './spec/ToolSpec.js';

// Declaring tools
export { Tool } from './decorators/Tool.js';
export { Preflight } from './decorators/Preflight.js';
export type { InvokeInput, PreflightMethod, PreflightReturn } from './decorators/PreflightMethod.js';
export type { EmptyToolInput, InferToolInput, ToolOptionsInput } from './decorators/InferToolInput.js';
export type { ToolClass } from './decorators/ToolClass.js';
/** class-validator-jsonschema's decorator: `@JSONSchema({ description })` on an input property or class. */
export { JSONSchema } from 'class-validator-jsonschema';
export type { ToolOptions } from './decorators/ToolOptions.js';
export { buildDtoSchema } from './schema/buildDtoSchema.js';
export type { Constructor } from './metadata/Constructor.js';
export type { ValidationIssue } from './schema/buildValidationError.js';
export { DEFAULT_INPUT_LIMITS, type InputLimits } from './schema/InputLimits.js';
export { LinearRegExp, type LinearRegExpFlags } from './schema/LinearRegExp.js';
export { SchemaCompiler } from './schema/SchemaCompiler.js';

// Registry
export type { SchemaStrictness } from './schema/SchemaStrictness.js';
export type { ToolSource } from './registry/ToolSource.js';
export { ToolRegistry } from './registry/ToolRegistry.js';
export { ToolCatalog, type SourceErrorReporter } from './registry/ToolCatalog.js';

// Executor
export type { ToolRequest } from './contract/ToolRequest.js';
export type { ToolResult } from './values/ToolResult.js';
export type { ToolReturn } from './values/ToolReturn.js';
export type { ToolContext } from './contract/ToolContext.js';
export type { PlannedRequests, PreflightResult } from './contract/PreflightResult.js';
export type { ToolExecutionScope } from './contract/ToolExecutionScope.js';
export type { ChildToolRequest } from './contract/ChildToolRequest.js';
export type { CompletedOutcome, FailedOutcome, InterruptedOutcome, ToolExecutionOutcome } from './contract/ToolExecutionOutcome.js';
export { EXECUTOR_ERROR_REASONS, type ExecutorErrorReason, type ToolErrorReason } from './executor/ToolErrorReason.js';
export type { ToolExecutor } from './executor/ToolExecutor.js';
export type { PendingCall } from './executor/ToolExecutor.js';
export type { RejectedApprovalStatus } from './executor/rejectPendingCall.js';
export type { ExecuteOptions } from './executor/ExecuteOptions.js';
export type { ExecutorObserver } from './executor/ExecutorObserver.js';
export { BasicToolExecutor } from './executor/BasicToolExecutor.js';
export { EXECUTOR_DEFAULTS, type BasicToolExecutorOptions, type ExecutorSteps } from './executor/BasicToolExecutorOptions.js';
export type { ExecutorStep, FinishedCall, PermittedCall, StepAnswer } from './executor/ExecutorStep.js';
export type { Later, MaybePromise } from './contract/maybeAsync.js';
export { createResourceKey, type ResourceKey, type ToolResources } from './contract/ToolResources.js';
export { MapToolResources } from './contract/MapToolResources.js';
export { buildToolRequest, type ToolRequestScope } from './contract/buildToolRequest.js';
export { buildToolResult } from './values/buildToolResult.js';
export { isToolResult } from './values/isToolResult.js';
export { isToolExecutionOutcome } from './contract/isToolExecutionOutcome.js';

// Permissions
export { BasePermissionRequest, type PermissionRequest, type PermissionRequestJson } from './permissions/PermissionRequest.js';
export { PermissionDecision } from './permissions/PermissionDecision.js';
export { PERMISSION_DENY_CODES, type PermissionDenyCode } from './permissions/PermissionDenyCode.js';
export type { PermissionChecker, PermissionContext } from './permissions/PermissionChecker.js';
export { ToolInvokePermissionRequest } from './permissions/ToolInvokePermissionRequest.js';
export { quoteForDisplay, MAX_DISPLAY_LENGTH, type DisplayForm } from './permissions/quoteForDisplay.js';
export { PolicyPermissionChecker } from './permissions/PolicyPermissionChecker.js';
export type { PolicyPermissionCheckerOptions } from './permissions/PolicyPermissionCheckerOptions.js';
export { POLICY_EFFECTS, type PolicyEffect, type PolicyRule } from './permissions/PolicyRule.js';
export { DefaultPermissionChecker } from './permissions/DefaultPermissionChecker.js';
export type { PathContainment } from './permissions/PathContainment.js';
export type { ApprovalHints, CommandSubject, McpSubject, PathSubject, PolicySubjects, ToolSubject } from './permissions/PolicySubjects.js';

// Interruptions
export type { ToolInterruption } from './interrupt/ToolInterruption.js';
export type { ApprovalRequest } from './interrupt/ApprovalRequest.js';
export type { AuthRequest } from './interrupt/AuthRequest.js';
export { AuthRequiredError, type AuthRequiredOptions } from './interrupt/AuthRequiredError.js';
export type { ApprovalConsumeResult, ApprovalStore } from './interrupt/ApprovalStore.js';
export { DEFAULT_MAX_APPROVALS, InMemoryApprovalStore, type InMemoryApprovalStoreOptions } from './interrupt/InMemoryApprovalStore.js';
export type { CredentialStore, Credentials } from './interrupt/CredentialStore.js';
export { InMemoryCredentialStore } from './interrupt/InMemoryCredentialStore.js';

// Errors
export { ToolError, type ToolErrorJson } from './errors/ToolError.js';
export { TOOL_ERROR_CODES, type ToolErrorCode } from './errors/ToolErrorCode.js';
export { ToolDefinitionError } from './errors/ToolDefinitionError.js';
export { ToolConfigurationError } from './errors/ToolConfigurationError.js';
export { assertKnownKeys } from './errors/assertKnownKeys.js';

// Dependency injection
export {
  APPROVAL_STORE,
  CREDENTIAL_STORE,
  EXECUTOR_OBSERVER,
  MODULE_WORKSPACE,
  PATH_CONTAINMENT,
  PERMISSION_CHECKER,
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
export type { WorkspaceRootMode } from './workspace/WorkspaceRootMode.js';
export type { ResolvedPath } from './workspace/ResolvedPath.js';
export type { PathAccess } from './workspace/PathAccess.js';
export type { ResolvePathOptions } from './workspace/ResolvePathOptions.js';
export type { OpenVerifiedOptions } from './workspace/OpenVerifiedOptions.js';
export type { VerifiedFile } from './workspace/VerifiedFile.js';
export type { VerifiedDescriptor } from './workspace/VerifiedDescriptor.js';
export { WORKSPACE_PATH_REFUSAL_REASONS, type WorkspacePathRefusalReason } from './workspace/WorkspacePathRefusalReason.js';
export { DEFAULT_PROTECTED_PATHS } from './workspace/DEFAULT_PROTECTED_PATHS.js';
export { ProtectedPathMatcher } from './workspace/ProtectedPathMatcher.js';

// Environment allow-list for child processes
export { BASE_ENV_NAMES, buildHostEnvironment } from './environment/buildHostEnvironment.js';
export { isSecretName } from './environment/isSecretName.js';
export type { HostEnvironmentOptions } from './environment/HostEnvironmentOptions.js';

// What the model reads for a tool result, format-independent (provider adapters and MCP serveTools wrap it)
export { buildModelContent } from './rendering/buildModelContent.js';
export type { ModelBlock, ModelContent } from './rendering/ModelContent.js';
export { DEFAULT_MAX_CHARS, type ModelContentOptions } from './rendering/ModelContentOptions.js';
export { describeInterruption } from './rendering/describeInterruption.js';
