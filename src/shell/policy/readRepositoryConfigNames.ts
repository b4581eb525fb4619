import { execFile } from 'node:child_process';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getErrnoCode } from '../../kernel/index.js';

/** Scopes a repository brings with it (`system`, `global` and `command` are the host's own). */
const REPOSITORY_SCOPES: ReadonlySet<string> = new Set(['local', 'worktree']);
/** How long reading a repository's configuration may take before the command is judged risky anyway. */
const CONFIG_TIMEOUT_MS = 5_000;
/** Directories whose configuration state is remembered (oldest forgotten first). */
const MAX_ENTRIES = 128;
/**
 * File times tick coarsely (a few ms): a file changed this recently may change again without its
 * stamp changing, so a listing that depends on one is not remembered (git's "racy" index rule).
 */
const RACY_MS = 100;

/** A file's identity and state, or `absent`: what must not change for a remembered listing to hold. */
interface Stamp {
  readonly path: string;
  readonly state: string;
  /** The file changed (ctime) less than {@link RACY_MS} before it was stamped. */
  readonly racy: boolean;
}

interface Listing {
  readonly names: readonly string[];
  /** Files the repository's configuration came from, and the values of its `include.path`s. */
  readonly origins: readonly string[];
  readonly includes: readonly string[];
}

const cache = new Map<string, { readonly stamps: readonly Stamp[]; readonly names: readonly string[] }>();

async function stamp(file: string): Promise<Stamp> {
  const stats = await lstat(file, { bigint: true }).catch(() => undefined);
  if (stats === undefined) return { path: file, state: 'absent', racy: false };
  const state = `${String(stats.dev)}:${String(stats.ino)}:${String(stats.size)}:${String(stats.mtimeNs)}:${String(stats.ctimeNs)}`;
  return { path: file, state, racy: Date.now() - Number(stats.ctimeNs / 1_000_000n) < RACY_MS };
}

async function readPointer(file: string, prefix: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const line = text?.split('\n')[0]?.trim();
  return line === undefined || line === ''
    ? undefined
    : path.resolve(path.dirname(file), line.startsWith(prefix) ? line.slice(prefix.length).trim() : line);
}

/**
 * The files that decide which configuration git reads from `dir`, found the way git discovers a
 * repository: `.git` in `dir` or the nearest ancestor (each absent one too: a `.git` created
 * there later changes the repository), a gitdir file's target, `commondir`, `HEAD` (for
 * `includeIf "onbranch:"`), `config` and `config.worktree` in both.
 */
async function findDecidingFiles(dir: string): Promise<{ files: string[]; top: string }> {
  const files: string[] = [];
  let gitDir: string | undefined;
  let top = dir;
  for (let at = dir; ; at = path.dirname(at)) {
    const dotGit = path.join(at, '.git');
    files.push(dotGit);
    const stats = await lstat(dotGit).catch(() => undefined);
    if (stats !== undefined) {
      gitDir = stats.isDirectory() ? dotGit : await readPointer(dotGit, 'gitdir:');
      top = at;
      break;
    }
    if (path.dirname(at) === at) break;
  }
  if (gitDir === undefined) return { files, top };
  const commonDir = (await readPointer(path.join(gitDir, 'commondir'), '')) ?? gitDir;
  files.push(...['commondir', 'HEAD', 'config', 'config.worktree'].map((name) => path.join(gitDir, name)));
  files.push(path.join(commonDir, 'config'), path.join(commonDir, 'config.worktree'));
  return { files, top };
}

/**
 * `git config --list --show-scope --show-origin -z`: scope, origin and `key\nvalue` per entry.
 * git names the files as it opened them, relative to the work tree's top (`top`).
 */
function listConfig(cwd: string, top: string, env: Readonly<Record<string, string>>): Promise<Listing | undefined> {
  return new Promise((resolve) => {
    // Reading configuration runs nothing (includes are files); the forced settings apply too.
    execFile(
      'git',
      ['config', '--list', '--show-scope', '--show-origin', '-z'],
      { cwd, env, timeout: CONFIG_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout) => {
        if (error !== null) {
          // No git: nothing to report. Anything else (a timeout, a broken config git refuses) is unknown.
          resolve(getErrnoCode(error) === 'ENOENT' ? { names: [], origins: [], includes: [] } : undefined);
          return;
        }
        const fields = stdout.split('\0');
        const listing = { names: [] as string[], origins: [] as string[], includes: [] as string[] };
        for (let index = 0; index + 2 < fields.length; index += 3) {
          if (!REPOSITORY_SCOPES.has(fields[index] as string)) continue;
          const origin = path.resolve(top, (fields[index + 1] as string).replace(/^file:/u, ''));
          const [name = '', value = ''] = (fields[index + 2] as string).split(/\n(.*)/su);
          listing.names.push(name);
          listing.origins.push(origin);
          if (/^include(if\..*)?\.path$/iu.test(name)) {
            const home = env['HOME'];
            listing.includes.push(
              value.startsWith('~/') && home !== undefined
                ? path.join(home, value.slice(2))
                : path.resolve(path.dirname(origin), value),
            );
          }
        }
        resolve(listing);
      },
    );
  });
}

/**
 * The names of the configuration entries a repository brings with it (local and worktree
 * scopes, includes followed) where `dir` is, or `undefined` when they could not be read. The
 * listing costs a `git` spawn (7-11 ms); it is remembered per directory and environment, and
 * reused while every file that decides it keeps its (device, inode, size, mtime, ctime): the
 * repository's discovery files, its config files and whatever they include. A listing that
 * depends on a file changed in the last {@link RACY_MS} is not remembered.
 */
export async function readRepositoryConfigNames(
  dir: string,
  env: Readonly<Record<string, string>>,
): Promise<readonly string[] | undefined> {
  const key = JSON.stringify([
    dir,
    Object.entries(env).filter(([name]) => name === 'HOME' || name.startsWith('XDG_') || name.startsWith('GIT_')),
  ]);
  const known = cache.get(key);
  if (known !== undefined) {
    const now = await Promise.all(known.stamps.map(({ path: file }) => stamp(file)));
    if (now.every((current, index) => current.state === known.stamps[index]?.state)) return known.names;
    cache.delete(key);
  }
  // Stamped before listing: a change while git reads shows as a difference next time.
  const { files: deciding, top } = await findDecidingFiles(dir);
  const before = await Promise.all(deciding.map(stamp));
  const listing = await listConfig(dir, top, env);
  if (listing === undefined) return undefined;
  const extra = [...new Set([...listing.origins, ...listing.includes])].filter((file) => !deciding.includes(file));
  const stamps = [...before, ...(await Promise.all(extra.map(stamp)))];
  // A file git read that is not where this module looked: its layout is not understood here.
  const misplaced = stamps.some((entry) => entry.state === 'absent' && listing.origins.includes(entry.path));
  if (misplaced || stamps.some((entry) => entry.racy)) return listing.names;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { stamps, names: listing.names });
  return listing.names;
}
