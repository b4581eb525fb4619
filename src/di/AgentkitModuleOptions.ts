import type { WorkspaceRootConfig } from '../workspace/WorkspaceRootConfig.js';

/** Options of {@link agentkitModule}. */
export interface AgentkitModuleOptions {
  /**
   * The container's `WORKSPACE`: the roots of built-ins that get none of their own. Default:
   * none (such a built-in refuses every path; `shellTools({ cwd })` then acts in `cwd`).
   */
  readonly roots?: readonly WorkspaceRootConfig[];
  /** Per-call timeout unless a call sets its own. Default 120,000 ms. */
  readonly defaultTimeoutMs?: number;
  /** How long an approval stays valid. Default 15 minutes. */
  readonly approvalTtlMs?: number;
  /** How deep composing tools may nest calls. Default 8. */
  readonly maxNestingDepth?: number;
  /**
   * OpenTelemetry tracing of the executor's calls (on when `@opentelemetry/api` is installed and a
   * tracer provider is registered; see `BasicToolExecutorOptions.tracing`). `false` turns it off;
   * `{ recordContent: true }` also records inputs, results and permission targets.
   */
  readonly tracing?: false | { readonly recordContent?: boolean };
}
