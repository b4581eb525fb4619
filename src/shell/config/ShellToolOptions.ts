import type { WorkspaceRootConfig } from '../../index.js';
import type { ShellSandboxMode } from '../sandbox/ShellSandboxMode.js';
import type { ShellNetworkOption, ShellSandboxOptions } from '../sandbox/ShellSandboxOptions.js';

/** What the host adds to the allow-listed environment of every command. */
export interface ShellEnvOptions {
  /**
   * More names to inherit from the host's environment: exact names, or prefixes ending in `*`
   * (`AWS_*`). A name that looks like a secret (`*TOKEN*`, `*KEY*`, ...) is inherited only
   * when listed exactly.
   */
  readonly inherit?: readonly string[];
  /** Fixed values added last (they win over inherited ones). */
  readonly set?: Readonly<Record<string, string>>;
}

/** Options of {@link shellTools}. */
export interface ShellToolOptions {
  /** Default working directory (inside a root); default: the first root. */
  readonly cwd?: string;
  /** Roots for this module's tools; default: the container's `WORKSPACE`. */
  readonly roots?: readonly WorkspaceRootConfig[];
  /** What the host adds to the allow-listed environment of every command. */
  readonly env?: ShellEnvOptions;
  /** Default per-call timeout in ms: 120,000; at most 600,000. */
  readonly timeoutMs?: number;
  /** Output kept per stream (head and tail), in bytes: 1 MiB by default. */
  readonly maxOutputBytes?: number;
  /** Total output after which the process group is killed: 16 MiB by default. */
  readonly hardOutputLimitBytes?: number;
  /** Shell calls running at once; more wait their turn. Default 4. */
  readonly maxConcurrent?: number;
  /** Time between SIGTERM and SIGKILL when a command is stopped, in ms. Default 2,000. */
  readonly killGraceMs?: number;
  /**
   * OS confinement of every command (bubblewrap on Linux): `'auto'` (default) uses it when it
   * works here and runs unconfined otherwise (the `EXECUTOR_OBSERVER` hears it once, as
   * `onSourceError('shell sandbox', error)`, and a warning is logged); `'required'` refuses
   * every command without it (`unavailable`); `'off'` never uses it. The object form
   * `{ mode, readable?, network? }` also widens what sandboxed commands see.
   */
  readonly sandbox?: ShellSandboxMode | ShellSandboxOptions;
  /**
   * Whether sandboxed commands keep the network (default `false`). Kept for compatibility:
   * the same as `sandbox: { mode, network }`, and refused together with that.
   */
  readonly network?: ShellNetworkOption;
  /**
   * Whether sandboxed commands run warm (default `true`): a few confined supervisors (one
   * bubblewrap sandbox each, started once and reused, at most `maxConcurrent`) start the
   * commands, so a call pays a fork and exec instead of bubblewrap's set-up. Every call keeps
   * what a cold one has: its own session and process group, environment, working directory,
   * output caps, timeout, nothing outliving it, and a private `/tmp` (emptied after each call).
   * `false` starts a fresh sandbox for every call.
   */
  readonly warmSandbox?: boolean;
}
