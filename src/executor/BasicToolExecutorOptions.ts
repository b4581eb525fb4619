import type { ApprovalStore } from '../interrupt/ApprovalStore.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ExecutorObserver } from './ExecutorObserver.js';
import type { ToolResources } from '../contract/ToolResources.js';
import type { StepListEditor } from './steps/buildExecutorSteps.js';

/** Options of `new BasicToolExecutor(options)` (`agentkitModule` builds one from the container). */
export interface BasicToolExecutorOptions {
  /** The tools it runs; frozen by the executor. */
  readonly registry: ToolRegistry;
  /** Decides on every permission request. */
  readonly permissions: PermissionChecker;
  /** Handed to every call as `ctx.resources`. Default: none bound. */
  readonly resources?: ToolResources;
  /** Where issued approvals are remembered. Default: in memory. */
  readonly approvals?: ApprovalStore;
  /** Hears every call's start and end. Default: none. */
  readonly observer?: ExecutorObserver;
  /** Default 120,000 ms; `ExecuteOptions.timeoutMs` overrides it per call. */
  readonly defaultTimeoutMs?: number;
  /** Default 15 minutes. */
  readonly approvalTtlMs?: number;
  /** Default 8. */
  readonly maxNestingDepth?: number;
  /**
   * Runs once on `close()`: releases what the executor's tools hold (the sources' connections
   * and processes). `agentkitModule` sets it.
   */
  readonly onClose?: () => void | Promise<void>;
  /** The clock, for tests. */
  readonly now?: () => number;
  /**
   * @internal Edits the executor's step lists once, at construction (a rate limit or an audit
   * step is one entry; see `buildExecutorSteps`). Not public yet: a step reads and writes the
   * executor's own call state, which is not a stable contract.
   */
  readonly steps?: StepListEditor;
}

/**
 * The executor's defaults: the body's timeout, the approval lifetime and the nesting bound.
 * @internal
 */
export const EXECUTOR_DEFAULTS = Object.freeze({
  defaultTimeoutMs: 120_000,
  approvalTtlMs: 15 * 60 * 1000,
  maxNestingDepth: 8,
});
