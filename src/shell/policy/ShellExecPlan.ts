import type { PermissionRequest } from '../../index.js';
import type { RedirectBinding } from './planRedirectBindings.js';

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
  /** Whether it runs in the OS sandbox (bubblewrap). */
  readonly sandboxed: boolean;
  /** Output redirections the runner opens itself (their targets in the last argument, the command text). */
  readonly redirects: readonly RedirectBinding[];
  readonly requests: readonly PermissionRequest[];
}
