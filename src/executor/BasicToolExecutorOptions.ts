import type { ToolResources } from '../contract/ToolResources.js';
import type { ApprovalStore } from '../interrupt/ApprovalStore.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { ToolCatalog } from '../registry/ToolCatalog.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ExecutorStep, FinishedCall, PermittedCall } from './ExecutorStep.js';
import type { ExecuteOptions } from './ExecuteOptions.js';
import type { ExecutorObserver } from './ExecutorObserver.js';

/**
 * The extra steps of {@link BasicToolExecutorOptions.steps}, by name.
 * @internal
 */
export type ExecutorSteps = NonNullable<BasicToolExecutorOptions['steps']>;

/** Options of {@link BasicToolExecutor}. */
export interface BasicToolExecutorOptions {
  /** The tools: a registry (frozen by the executor), or a catalog whose registry reloads with its sources. */
  readonly registry: ToolRegistry | ToolCatalog;
  /** Decides on every permission request (a checker that throws denies). */
  readonly permissions: PermissionChecker;
  /** Handed to every call as `ctx.resources`. Default: none bound. */
  readonly resources?: ToolResources;
  /** Where issued approvals are remembered. Default: in memory. */
  readonly approvals?: ApprovalStore;
  /** Asks the person the tools' questions (`ctx.elicit`), when a call's options bring no handler. Default: none (the call ends `interrupted`, `input_required`). */
  readonly elicitation?: ExecuteOptions['elicitation'];
  /** Answers the tools' sampling requests (`ctx.sample`), when a call's options bring no handler. Default: none (`capability_required`). */
  readonly sampling?: ExecuteOptions['sampling'];
  /** Hears every call's start and end. Default: none. */
  readonly observer?: ExecutorObserver;
  /** Default 120,000 ms; `ExecuteOptions.timeoutMs` overrides it per call. */
  readonly defaultTimeoutMs?: number;
  /** Default 15 minutes. */
  readonly approvalTtlMs?: number;
  /** Default 8. */
  readonly maxNestingDepth?: number;
  /** How long `close()` waits for the calls in flight to stop once their signals aborted. Default 5,000 ms. */
  readonly closeGraceMs?: number;
  /**
   * Steps a host adds to every call (a rate limit, an audit log), at two stable places. Each step
   * answers the call it was given to go on, an outcome to end the call (say a `failed` one built
   * with `new ToolError(...)`), or either as a promise (awaited under the call's budget). A step
   * that throws ends the call `internal`.
   */
  readonly steps?: {
    /** Run, in order, after every check passed and right before the body (`invoked: false` if they end the call). */
    readonly beforeInvoke?: readonly ExecutorStep<PermittedCall>[];
    /** Run, in order, after the body's result was read and checked (they may replace `call.result`); `invoked: true`. */
    readonly afterResult?: readonly ExecutorStep<FinishedCall>[];
  };
  /**
   * OpenTelemetry tracing. With `@opentelemetry/api` installed and a tracer provider registered
   * before the executor is built, every call is an `execute_tool {tool name}` span with the
   * GenAI semantic-convention attributes (`gen_ai.tool.name`, `gen_ai.tool.call.id`, `error.type`
   * on failures, ...), decided once here: without either, calls cost nothing extra. `false` turns
   * it off; `recordContent: true` also records inputs, results and permission targets (they
   * may hold what users sent: off by default).
   */
  readonly tracing?: false | { readonly recordContent?: boolean };
  /** The clock, for tests. */
  readonly now?: () => number;
}

/**
 * The executor's defaults: the body's timeout, the approval lifetime and the nesting bound.
 * @internal
 */
export const EXECUTOR_DEFAULTS = Object.freeze({
  defaultTimeoutMs: 120_000,
  approvalTtlMs: 15 * 60 * 1000,
  maxNestingDepth: 8,
  closeGraceMs: 5_000,
});
