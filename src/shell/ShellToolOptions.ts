import type { HostEnvironmentOptions } from '../index.js';
import type { WorkspaceRootConfig } from '../index.js';
import type { ShellSandboxMode } from './ShellSandboxMode.js';

/** What the host adds to the allow-listed environment of every command. */
/** The shell's `env` option: the core's environment allow-list options. */
export type ShellEnvOptions = HostEnvironmentOptions;

/**
 * What sandboxed commands may reach: `false` (default) nothing outside the sandbox (a network
 * namespace of their own, loopback only); `true` the host's network; `{ allow }` only the listed
 * hosts, through an HTTP(S) proxy the host runs (`HTTP_PROXY` / `HTTPS_PROXY` are set for the
 * command; nothing else leaves the sandbox). A pattern is a host name (`registry.npmjs.org`), an
 * IP address (`10.0.0.5`, `[fd00::1]`) or `*.` and a domain (`*.example.com`: every name below
 * it, not `example.com` itself), with `:port` for that one port, or without for ports 80 and 443.
 * Hosts are matched case-insensitively; a name that resolves to this machine or its link
 * (loopback, link-local) is refused unless listed as an address. Refused hosts are reported in
 * the result. A list needs the sandbox to hold: with `sandbox: 'off'` it is a configuration
 * error, and where `'auto'` finds no bubblewrap the command runs unconfined (its `shell.exec`
 * request says `metadata.network.enforced: false`): use `sandbox: 'required'` with a list.
 */
export type ShellNetworkOption = boolean | { readonly allow: readonly string[] };

/** Options of {@link shellTools}. */
export interface ShellToolOptions {
  /** Default working directory (inside a root); default: the first root. */
  readonly cwd?: string;
  /** Roots for this module's tools; default: the container's `WORKSPACE`. */
  readonly roots?: readonly WorkspaceRootConfig[];
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
   * works here and runs unconfined otherwise; `'required'` refuses every command without it
   * (`unavailable`); `'off'` never uses it.
   */
  readonly sandbox?: ShellSandboxMode;
  /** What sandboxed commands may reach (default `false`): see {@link ShellNetworkOption}. */
  readonly network?: ShellNetworkOption;
}
