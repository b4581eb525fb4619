import { lstatSync } from 'node:fs';
import type { WorkspaceRoot } from '../../index.js';
import type { EtcSecrets } from './findEtcSecrets.js';
import { isPathInside } from '../../kernel/index.js';
import { getSystemView, type SystemView } from './getSystemView.js';

/** The sandboxed command's `HOME`: an empty directory in its private `/tmp`. */
export const SANDBOX_HOME = '/tmp/home';

/** What one sandboxed command may see and reach. */
export interface SandboxLayout {
  readonly roots: readonly WorkspaceRoot[];
  readonly cwd: string;
  /**
   * Whether the command keeps the host's network. (The host allow-list of
   * `network: { allow }` widens this once its proxy exists; today only on or off.)
   */
  readonly network: boolean;
  /** The host's extra read-only paths (real paths, checked at start-up); none by default. */
  readonly readable?: readonly string[];
}

function byLength(a: string, b: string): number {
  return a.length - b.length;
}

/** Whether `path` is still a directory (`true`), another kind of entry (`false`), or gone. */
function isDirectoryNow(path: string): boolean | undefined {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory();
}

/**
 * The masks over `/etc`'s secrets: a file reads as a device the mount does not allow (EACCES), a
 * directory is empty. An entry deleted (or replaced by another kind) since it was listed is
 * skipped: bubblewrap cannot mount over what is not there, and would refuse every command.
 */
function buildMaskArgs(secrets: EtcSecrets): string[] {
  const args: string[] = [];
  for (const file of secrets.files) if (isDirectoryNow(file) === false) args.push('--ro-bind', '/dev/null', file);
  for (const dir of secrets.directories)
    if (isDirectoryNow(dir) === true) args.push('--tmpfs', dir, '--remount-ro', dir);
  return args;
}

/**
 * The bubblewrap arguments (up to `--`) for one command: fresh mount, PID, IPC and UTS
 * namespaces (and network unless `network`) over an allow-list view, built on an empty root:
 * - the system directories read-only (`/usr`, `/bin`, `/sbin`, `/lib*`, `/etc` with its secrets
 *   masked, the host's Node.js installation: {@link getSystemView});
 * - a minimal `/dev`, its own `/proc`, a private `/tmp` holding an empty `HOME`
 *   ({@link SANDBOX_HOME}), and an empty `/run` (a read-only mount still lets a program connect
 *   to the Unix sockets there: databases, docker, the system and session buses, which act
 *   outside the sandbox; with `network`, the resolver's files come back for DNS);
 * - the host's `readable` paths read-only, then each root at its own path (read-write roots
 *   writable, read-only roots read-only); outer paths before inner ones, all after the tmpfs
 *   mounts so paths under `/tmp` stay visible.
 * Nothing else exists inside: not `/root`, `/home`, `/var`, `/srv`, `/opt`, `/mnt`, `/media`,
 * nor their sockets. `--cap-drop ALL`: a host running as root would otherwise hand the command
 * root's capabilities, and with `CAP_SYS_ADMIN` it remounts what it likes (unprivileged,
 * bubblewrap drops them anyway). `--die-with-parent` ends the namespace with bubblewrap;
 * `--new-session` keeps the command off any terminal.
 */
export function buildSandboxArgs(layout: SandboxLayout, system: SystemView = getSystemView()): string[] {
  const args = [
    ...system.args,
    ...buildMaskArgs(system.secrets),
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/run',
  ];
  if (layout.network) args.push('--ro-bind-try', '/run/systemd/resolve', '/run/systemd/resolve', ...system.networkArgs);
  const roots = [...layout.roots].sort((a, b) => byLength(a.path, b.path));
  // HOME is made before a root inside it, and over a root or readable path that holds it (the
  // host's `/tmp`): never the host's `/tmp/home`, which anyone could have made.
  const homeHoldsRoot = roots.some((root) => isPathInside(SANDBOX_HOME, root.path));
  const rootHoldsHome = [...roots.map((root) => root.path), ...(layout.readable ?? [])].some((path) =>
    isPathInside(path, SANDBOX_HOME),
  );
  if (homeHoldsRoot || !rootHoldsHome) args.push('--dir', SANDBOX_HOME);
  for (const path of [...(layout.readable ?? [])].sort(byLength)) args.push('--ro-bind', path, path);
  for (const root of roots) args.push(root.mode === 'read_write' ? '--bind' : '--ro-bind', root.path, root.path);
  if (rootHoldsHome && !homeHoldsRoot) args.push('--tmpfs', SANDBOX_HOME);
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try');
  if (!layout.network) args.push('--unshare-net');
  args.push('--cap-drop', 'ALL', '--die-with-parent', '--new-session', '--chdir', layout.cwd);
  return args;
}
