import type { ShellSandboxMode } from './ShellSandboxMode.js';

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
   * `{ allow: [host patterns] }`: only those hosts, through the host's proxy (see {@link ShellNetworkOption}).
   */
  readonly network?: ShellNetworkOption;
}
