import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ToolResources } from '../contract/ToolResources.js';
import type { ApprovalGate } from './ApprovalGate.js';
import type { ScopeRunner } from './createExecutionScope.js';

/** What an executor's steps use, one object per executor: every call points at it. */
export interface ExecutorServices {
  /** Swapped whole by `replaceRegistry`; a call looks its tool up once, at its start. */
  registry: ToolRegistry;
  readonly permissions: PermissionChecker;
  readonly resources: ToolResources;
  readonly gate: ApprovalGate;
  readonly defaultTimeoutMs: number;
  readonly maxNestingDepth: number;
  /** Runs a tool's nested calls (its `ctx.scope`). */
  readonly scope: ScopeRunner;
}
