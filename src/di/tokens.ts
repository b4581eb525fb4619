import type { ServiceIdentifier } from 'inversify';
import type { ExecutorObserver } from '../executor/ExecutorObserver.js';
import type { ToolExecutor } from '../executor/ToolExecutor.js';
import type { ToolResources } from '../contract/ToolResources.js';
import type { ApprovalStore } from '../interrupt/ApprovalStore.js';
import type { ExecuteOptions } from '../executor/ExecuteOptions.js';
import type { CredentialStore } from '../interrupt/CredentialStore.js';
import type { PathContainment } from '../permissions/PathContainment.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ToolSource } from '../registry/ToolSource.js';
import type { Workspace } from '../workspace/Workspace.js';

/**
 * Decides on every permission request: the container's `PermissionChecker` (default
 * `DefaultPermissionChecker`). Rebind it to set a policy.
 */
export const PERMISSION_CHECKER: ServiceIdentifier<PermissionChecker> = Symbol.for(
  'agentkit-tools-core/PermissionChecker',
);
/** Host-provided shared resources handed to every call as `ctx.resources` (default: an empty `MapToolResources`). */
export const TOOL_RESOURCES: ServiceIdentifier<ToolResources> = Symbol.for('agentkit-tools-core/ToolResources');
/**
 * The container's `ToolExecutor`, with every bound `@Tool` class and `TOOL_SOURCE` registered.
 * Resolve it with `container.getAsync(TOOL_EXECUTOR)`: tool sources load asynchronously.
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { Container } from 'inversify';
 * import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';
 *
 * const container = new Container();
 * await container.load(agentkitModule());
 * const executor = await container.getAsync(TOOL_EXECUTOR);
 * console.log(executor.specs().map((spec) => spec.name));
 * await container.unbindAll(); // closes the executor and what its tools hold
 * ```
 */
export const TOOL_EXECUTOR: ServiceIdentifier<ToolExecutor> = Symbol.for('agentkit-tools-core/ToolExecutor');
/** Tool sources that are not `@Tool` classes (MCP servers): multi-bound, every bound source contributes its tools. */
export const TOOL_SOURCE: ServiceIdentifier<ToolSource> = Symbol.for('agentkit-tools-core/ToolSource');
/** Where tools find credentials after an `auth_required` interruption (default `InMemoryCredentialStore`). */
export const CREDENTIAL_STORE: ServiceIdentifier<CredentialStore> = Symbol.for('agentkit-tools-core/CredentialStore');
/**
 * Where issued approvals are remembered, single use (default `InMemoryApprovalStore`; bind a durable
 * one to resume elsewhere).
 */
export const APPROVAL_STORE: ServiceIdentifier<ApprovalStore> = Symbol.for('agentkit-tools-core/ApprovalStore');
/** Hears every call's start and end, and source errors (default: an observer that does nothing). */
export const EXECUTOR_OBSERVER: ServiceIdentifier<ExecutorObserver> = Symbol.for(
  'agentkit-tools-core/ExecutorObserver',
);
/** The configured roots and the containment check (`agentkitModule({ roots })`; without roots, an empty workspace). */
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
/**
 * Asks the person the tools' questions (`ctx.elicit`) in process: a terminal prompt, a chat UI
 * (an object with `elicit(question, request, signal)`, see `ExecuteOptions.elicitation`).
 * Optional: without one, a call that asks ends `interrupted` (`input_required`) and the host
 * resumes it with `executor.executeWithInput`. Served over MCP, the client is asked instead.
 */
export const ELICITATION_HANDLER: ServiceIdentifier<NonNullable<ExecuteOptions['elicitation']>> = Symbol.for(
  'agentkit-tools-core/ElicitationHandler',
);
/**
 * Answers the tools' sampling requests (`ctx.sample`) with the host's model, in process (an
 * object with `sample(request, call, signal)`, see `ExecuteOptions.sampling`).
 * Optional: without one, a call that samples ends `interrupted` (`capability_required`).
 */
export const SAMPLING_HANDLER: ServiceIdentifier<NonNullable<ExecuteOptions['sampling']>> = Symbol.for(
  'agentkit-tools-core/SamplingHandler',
);
