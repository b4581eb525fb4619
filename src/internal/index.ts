/**
 * What the built-ins (fs, shell, mcp, providers, stores, testing, the bin) share with the core
 * but users need not see: option checking, schema compilation, the linear-time regex engine,
 * protected paths, display quoting, the child-process environment, model-facing rendering and
 * the reason lists behind `details.reason`. An internal entry like the kernel's: it is not in
 * the package's `exports`, nothing here is public API, and it may change in any release.
 * Built-ins import it as `../internal/index.js`; the core's own folders import the files.
 * No public declaration may refer to a name of it (the build strips `@internal` declarations
 * from the emitted types, and the packaging test type-checks what users get).
 * @internal
 * @packageDocumentation
 */
export type { JsonArray } from '../values/JsonValue.js';
export { assertKnownKeys } from '../errors/assertKnownKeys.js';
export { buildDtoSchema } from '../schema/buildDtoSchema.js';
export { LinearRegExp, type LinearRegExpFlags } from '../schema/LinearRegExp.js';
export { SchemaCompiler } from '../schema/SchemaCompiler.js';
export type { SchemaValidator } from '../metadata/SchemaValidator.js';
export { getToolNameProblem, TOOL_NAME_MAX_LENGTH, TOOL_NAME_PATTERN } from '../spec/ToolName.js';
export { quoteForDisplay, MAX_DISPLAY_LENGTH, type DisplayForm } from '../permissions/quoteForDisplay.js';
export { PERMISSION_DENY_CODES, type PermissionDenyCode } from '../permissions/PermissionDenyCode.js';
export { POLICY_EFFECTS } from '../permissions/PolicyRule.js';
export type { PathSubject } from '../permissions/PolicySubjects.js';
export type { PathAccess } from '../workspace/PathAccess.js';
export { DEFAULT_PROTECTED_PATHS } from '../workspace/DEFAULT_PROTECTED_PATHS.js';
export { ProtectedPathMatcher } from '../workspace/ProtectedPathMatcher.js';
export {
  WORKSPACE_PATH_REFUSAL_REASONS,
  type WorkspacePathRefusalReason,
} from '../workspace/WorkspacePathRefusalReason.js';
export { BASE_ENV_NAMES, buildHostEnvironment } from '../environment/buildHostEnvironment.js';
export { isSecretName } from '../environment/isSecretName.js';
export { EXECUTOR_ERROR_REASONS, type ExecutorErrorReason, type ToolErrorReason } from '../executor/ToolErrorReason.js';
export { EXECUTOR_DEFAULTS } from '../executor/BasicToolExecutorOptions.js';
export { buildModelContent } from '../rendering/buildModelContent.js';
export { describeInterruption } from '../rendering/describeInterruption.js';
export type { HostEnvironmentOptions } from '../environment/HostEnvironmentOptions.js';
export { DEFAULT_MAX_CHARS } from '../rendering/ModelContentOptions.js';
export type { ExecutorSteps } from '../executor/BasicToolExecutorOptions.js';
export type { PolicyEffect } from '../permissions/PolicyRule.js';
export { DEFAULT_MAX_APPROVALS } from '../interrupt/InMemoryApprovalStore.js';
export type { OpenVerifiedOptions } from '../workspace/OpenVerifiedOptions.js';
export type { VerifiedFile } from '../workspace/VerifiedFile.js';
export type { VerifiedDescriptor } from '../workspace/VerifiedDescriptor.js';
export { buildToolRequest } from '../contract/buildToolRequest.js';
export { locatePackageFile } from '../environment/locatePackageFile.js';
export { refusedWith } from '../executor/failures.js';
export { McpTracer, type McpNetworkTransport } from '../tracing/McpTracer.js';
export { addSpanEvent } from '../tracing/addSpanEvent.js';
export { isContentPart } from '../values/isToolOutput.js';
export { canonicalJson } from '../interrupt/canonicalJson.js';
export { BuiltInTool } from '../decorators/Tool.js';
export { headOfText } from '../values/headOfText.js';
