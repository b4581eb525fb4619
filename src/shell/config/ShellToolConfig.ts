import type { Workspace } from '../../index.js';
import type { ProtectedPathMatcher } from '../../internal/index.js';
import type { HostPattern } from '../network/HostPattern.js';
import type { HostProxy } from '../network/HostProxy.js';
import type { Semaphore } from '../running/Semaphore.js';
import type { ShellSandboxMode } from '../sandbox/ShellSandboxMode.js';
import type { SupervisorPool } from '../warm/SupervisorPool.js';

/** `network: { allow }` checked: the patterns, and the proxy (one per module) that enforces them. */
export interface ShellNetworkAllowList {
  readonly allow: readonly HostPattern[];
  readonly proxy: HostProxy;
  /** socat, when installed (the faster bridge); otherwise the bridge runs on Node. */
  readonly socat: string | undefined;
}

/** The checked configuration every `shell_exec` call of one module shares. */
export interface ShellToolConfig {
  readonly workspace: Workspace;
  /** The core's protected-path defaults over `workspace` (redirection and program write targets). */
  readonly protectedPaths: ProtectedPathMatcher;
  /** The configured default working directory (resolved per call), if any. */
  readonly cwd: string | undefined;
  /** The allow-listed environment taken from the host at start-up, git's dangerous settings forced off. */
  readonly hostEnv: Readonly<Record<string, string>>;
  /** `/bin/bash` when it exists, else `/bin/sh`, with its fixed arguments. */
  readonly shell: { readonly file: string; readonly args: readonly string[] };
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly hardOutputLimitBytes: number;
  readonly killGraceMs: number;
  readonly slots: Semaphore;
  readonly sandbox: ShellSandboxMode;
  /** What sandboxed commands reach: nothing, the host's network, or the allowed hosts through the proxy. */
  readonly network: boolean | ShellNetworkAllowList;
  /** The host's extra read-only paths of the sandbox view (real paths, checked at start-up). */
  readonly readable: readonly string[];
  /** The bubblewrap executable found at start-up, if any (whether it works is probed on first use). */
  readonly bubblewrap: string | undefined;
  /**
   * Whether sandboxed commands may run warm (`shellTools({ warmSandbox })`, default `true`);
   * the pool itself is made per container (`supervisors`).
   */
  readonly warmSandbox: boolean;
  /** The warm sandboxes of this container's `shell_exec` (see `SupervisorPool`); absent: every call runs cold. */
  readonly supervisors?: SupervisorPool;
}
