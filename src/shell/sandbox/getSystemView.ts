import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPathInside } from '../../kernel/index.js';
import { findEtcSecrets, type EtcSecrets } from './findEtcSecrets.js';

/**
 * The top-level directories a sandboxed command sees read-only: programs, their libraries and
 * the system configuration. On merged-usr systems `/bin`, `/sbin` and `/lib*` are links into
 * `/usr` and stay links.
 */
export const SYSTEM_DIRECTORIES: readonly string[] = Object.freeze([
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
]);

/** The host's part of the sandbox view, the same for every command of this process. */
export interface SystemView {
  /** bubblewrap arguments: the system directories (and the host's Node.js installation). */
  readonly args: readonly string[];
  /** `/etc`'s secrets, masked over the system directories (see {@link findEtcSecrets}). */
  readonly secrets: EtcSecrets;
  /** Extra arguments with the network: the resolver's configuration when `/etc/resolv.conf` points into `/run`. */
  readonly networkArgs: readonly string[];
  /** The paths visible inside (top-level system entries, the Node.js installation), for `PATH`. */
  readonly visible: readonly string[];
}

function tryRealPath(target: string): string | undefined {
  try {
    return realpathSync.native(target);
  } catch {
    return undefined;
  }
}

/** One top-level system entry: a directory bound at its path, a link kept as a link (or its target bound). */
function bindSystemEntry(entry: string, args: string[]): boolean {
  let link: string | undefined;
  try {
    link = lstatSync(entry).isSymbolicLink() ? readlinkSync(entry) : undefined;
  } catch {
    return false; // not on this system
  }
  const real = tryRealPath(entry);
  if (real === undefined) return false;
  if (link !== undefined && SYSTEM_DIRECTORIES.some((dir) => dir !== entry && isPathInside(dir, real)))
    args.push('--symlink', link, entry);
  else args.push('--ro-bind', real, entry);
  return true;
}

/**
 * The directories of the Node.js running the host, when they lie outside the system directories
 * (nvm, a tarball under `/opt` or a home directory): its `bin` and `lib/node_modules` (npm), so
 * `node` and `npm` work in the sandbox wherever they are installed. Never a top-level directory
 * or a home directory itself.
 */
function findNodeDirectories(execPath: string): string[] {
  const real = tryRealPath(execPath);
  if (real === undefined || SYSTEM_DIRECTORIES.some((dir) => isPathInside(dir, real))) return [];
  const bin = path.dirname(real);
  const modules = path.join(path.dirname(bin), 'lib', 'node_modules');
  const home = tryRealPath(os.homedir());
  return [bin, ...(existsSync(modules) ? [modules] : [])].filter((dir) => dir.split('/').length > 2 && dir !== home);
}

let cached: SystemView | undefined;

/** Builds the view from what this host has now (see {@link getSystemView}). */
export function buildSystemView(execPath = process.execPath): SystemView {
  const args: string[] = [];
  const visible = SYSTEM_DIRECTORIES.filter((entry) => bindSystemEntry(entry, args));
  const node = findNodeDirectories(execPath);
  for (const dir of node) args.push('--ro-bind', dir, dir);
  const resolver = tryRealPath('/etc/resolv.conf');
  const networkArgs = resolver !== undefined && isPathInside('/run', resolver) ? ['--ro-bind', resolver, resolver] : [];
  return Object.freeze({
    args: Object.freeze(args),
    secrets: findEtcSecrets(),
    networkArgs: Object.freeze(networkArgs),
    visible: Object.freeze([...visible, ...node]),
  });
}

/**
 * The system part of the sandbox view, built once per process (the first `shellTools()` with the
 * sandbox on lists `/etc` for its secrets): `/usr`, `/bin`, `/sbin`, `/lib*` and `/etc`
 * read-only, each secret of `/etc` masked, and the host's Node.js installation.
 */
export function getSystemView(): SystemView {
  cached ??= buildSystemView();
  return cached;
}
