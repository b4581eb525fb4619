import type { PermissionRequest } from '../index.js';

/** What preflight decided for one call; the body runs exactly this. */
export interface ShellExecPlan {
  readonly file: string;
  readonly args: readonly string[];
  /** Canonical working directory. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Whether the command backgrounds or detaches processes (see `ProcessSpec.sweepAfterExit`). */
  readonly sweepAfterExit: boolean;
  readonly requests: readonly PermissionRequest[];
}
