import type { WorkspaceRootConfig } from '../workspace/WorkspaceRootConfig.js';

/** Options of {@link agentkitModule}. */
export interface AgentkitModuleOptions {
  /** The workspace roots built-ins are confined to. Default: none (every path is refused). */
  readonly roots?: readonly WorkspaceRootConfig[];
  /** Per-call timeout unless a call sets its own. Default 120,000 ms. */
  readonly defaultTimeoutMs?: number;
  /** How long an approval stays valid. Default 15 minutes. */
  readonly approvalTtlMs?: number;
  /** How deep composing tools may nest calls. Default 8. */
  readonly maxNestingDepth?: number;
}
