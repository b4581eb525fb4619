import type { ServiceIdentifier } from 'inversify';
import type { ExecutorObserver } from '../executor/ExecutorObserver.js';
import type { ToolExecutor } from '../executor/ToolExecutor.js';
import type { ToolResources } from '../contract/ToolResources.js';
import type { ApprovalStore } from '../interrupt/ApprovalStore.js';
import type { CredentialStore } from '../interrupt/CredentialStore.js';
import type { PathContainment } from '../permissions/PathContainment.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ToolSource } from '../registry/ToolSource.js';
import type { Workspace } from '../workspace/Workspace.js';

/** The container tokens of agentkit-tools-core. Rebind one to replace its default. */
export const PERMISSION_CHECKER: ServiceIdentifier<PermissionChecker> = Symbol.for('agentkit-tools-core/PermissionChecker');
export const TOOL_RESOURCES: ServiceIdentifier<ToolResources> = Symbol.for('agentkit-tools-core/ToolResources');
/** Resolve with `container.getAsync(TOOL_EXECUTOR)`: tool sources load asynchronously. */
export const TOOL_EXECUTOR: ServiceIdentifier<ToolExecutor> = Symbol.for('agentkit-tools-core/ToolExecutor');
/** Multi-bound: every bound source contributes its tools. */
export const TOOL_SOURCE: ServiceIdentifier<ToolSource> = Symbol.for('agentkit-tools-core/ToolSource');
export const CREDENTIAL_STORE: ServiceIdentifier<CredentialStore> = Symbol.for('agentkit-tools-core/CredentialStore');
export const APPROVAL_STORE: ServiceIdentifier<ApprovalStore> = Symbol.for('agentkit-tools-core/ApprovalStore');
export const EXECUTOR_OBSERVER: ServiceIdentifier<ExecutorObserver> = Symbol.for('agentkit-tools-core/ExecutorObserver');
export const WORKSPACE: ServiceIdentifier<Workspace> = Symbol.for('agentkit-tools-core/Workspace');
/**
 * Multi-bound: the workspace each built-in module acts in (`fileSystemTools`, `shellTools`
 * bind theirs). Bind one for a tool module of your own whose roots the checkers must know.
 */
export const MODULE_WORKSPACE: ServiceIdentifier<PathContainment> = Symbol.for('agentkit-tools-core/ModuleWorkspace');
/**
 * What the default checker counts as inside: by default the union of `WORKSPACE` and every
 * `MODULE_WORKSPACE`, so roots given to a built-in module are inside for the checks too.
 */
export const PATH_CONTAINMENT: ServiceIdentifier<PathContainment> = Symbol.for('agentkit-tools-core/PathContainment');
