import type { WorkspaceRoot } from '../index.js';

/** What one sandboxed command may see and reach. */
export interface SandboxLayout {
  readonly roots: readonly WorkspaceRoot[];
  readonly cwd: string;
  readonly network: boolean;
}

/**
 * The bubblewrap arguments (up to `--`) for one command: fresh mount, PID, IPC and UTS
 * namespaces (and network unless `network`), the whole filesystem read-only, a private `/tmp`,
 * an empty `/run` (a read-only mount still lets a program connect to the Unix sockets there:
 * databases, docker, the system and session buses, which act outside the sandbox; with
 * `network`, the resolver's directory comes back for DNS), a minimal `/dev`, its own `/proc`,
 * then each root bound at its own path (read-write roots writable, read-only roots read-only;
 * outer roots before inner ones, all after the tmpfs mounts so roots under `/tmp` stay visible).
 * `--cap-drop ALL`: a host running as root would otherwise hand the command root's capabilities,
 * and with `CAP_SYS_ADMIN` it remounts `/` writable (unprivileged, bubblewrap drops them anyway).
 * `--die-with-parent` ends the namespace with bubblewrap; `--new-session` keeps the command off
 * any terminal.
 */
export function buildSandboxArgs(layout: SandboxLayout): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--tmpfs', '/run'];
  if (layout.network) args.push('--ro-bind-try', '/run/systemd/resolve', '/run/systemd/resolve');
  const roots = [...layout.roots].sort((a, b) => a.path.length - b.path.length);
  for (const root of roots) args.push(root.mode === 'read_write' ? '--bind' : '--ro-bind', root.path, root.path);
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try');
  if (!layout.network) args.push('--unshare-net');
  args.push('--cap-drop', 'ALL', '--die-with-parent', '--new-session', '--chdir', layout.cwd);
  return args;
}
