import type { ShellSandboxMode } from './ShellSandboxMode.js';

/**
 * The object form of `shellTools({ sandbox })`: the mode, and what the sandbox's view adds to
 * the system directories, the roots, `/tmp` and `HOME`.
 */
export interface ShellSandboxOptions {
  /** `'auto'`, `'required'` or `'off'` (see `ShellToolOptions.sandbox`). */
  readonly mode: ShellSandboxMode;
  /**
   * More host paths sandboxed commands may read (absolute, existing, outside the roots; each
   * bound read-only at its real path, resolved at start-up): a toolchain under `/opt`, a
   * language version manager (`/root/.pyenv`), a shared cache. Everything not listed stays absent.
   * A path that holds a root is fine (the root, bound after it, keeps its mode); a path inside one
   * is refused.
   */
  readonly readable?: readonly string[];
  /**
   * Whether sandboxed commands keep the network (default `false`: a network namespace of their
   * own). `true` shares the host's: loopback services and abstract Unix sockets included.
   */
  readonly network?: boolean;
}
