import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where one run of the demo keeps its state: the saved run and its approvals and reads. */
export interface DemoRun {
  /** The saved run (plain JSON). */
  readonly stateFile: string;
  /** The run's approval store and read-before-write memory. */
  readonly stateDir: string;
}

const LATEST = 'latest';
const RUNS = 'runs';
const STATE = 'state.json';
/** A finished run is removed by a later new run once it is this old (never while its process may still be closing). */
const KEEP_FINISHED_MS = 60 * 60 * 1000;

/** The run that keeps its state in `stateFile` (given with `--state`, or in a run directory). */
export function getDemoRun(stateFile: string): DemoRun {
  return { stateFile, stateDir: `${stateFile}.d` };
}

/**
 * The demo's directory for this user: `$XDG_STATE_HOME/agentkit-demo`, or
 * `<tmpdir>/agentkit-demo-<uid>` (only this user may use it: a directory of another user or one
 * that others can write is refused, since it holds approvals). Made when missing.
 */
export function getDemoHome(env: NodeJS.ProcessEnv = process.env): string {
  const state = env['XDG_STATE_HOME'];
  const home =
    state !== undefined && path.isAbsolute(state)
      ? path.join(state, 'agentkit-demo')
      : path.join(os.tmpdir(), `agentkit-demo-${String(process.getuid?.() ?? os.userInfo().username)}`);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const stat = lstatSync(home);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `${home} is not a private directory of this user (a link, another owner, or writable by others): ` +
        'remove it or set XDG_STATE_HOME.',
    );
  }
  return home;
}

/**
 * A new run in `home`: its own directory under `runs/`, so that runs at the same time (or one
 * started while another waits to be resumed) never share or delete each other's approvals. It
 * becomes the latest run, the one `--resume` continues.
 */
export function createDemoRun(home: string): DemoRun {
  const runs = path.join(home, RUNS);
  mkdirSync(runs, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  const dir = mkdtempSync(path.join(runs, `${stamp}-`));
  // Written beside, then renamed: a concurrent `--resume` reads the old pointer or the new one, never half of one.
  const pointer = path.join(home, `${LATEST}.${path.basename(dir)}`);
  writeFileSync(pointer, `${path.basename(dir)}\n`, { mode: 0o600 });
  renameSync(pointer, path.join(home, LATEST));
  return getDemoRun(path.join(dir, STATE));
}

/** The latest run in `home` (the one the last new run made), or `undefined` when there is none. */
export function getLatestDemoRun(home: string): DemoRun | undefined {
  let name: string;
  try {
    name = readFileSync(path.join(home, LATEST), 'utf8').trim();
  } catch {
    return undefined;
  }
  if (name === '' || name !== path.basename(name)) return undefined;
  return getDemoRun(path.join(home, RUNS, name, STATE));
}

/** Removes the runs of `home` done more than an hour ago, except `keep` (nothing of a paused or running run). */
export function removeFinishedDemoRuns(home: string, keep: DemoRun): void {
  const runs = path.join(home, RUNS);
  let names: string[];
  try {
    names = readdirSync(runs);
  } catch {
    return;
  }
  for (const name of names) {
    const dir = path.join(runs, name);
    if (dir === path.dirname(keep.stateFile)) continue;
    try {
      const file = path.join(dir, STATE);
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { status?: unknown };
      if (saved.status === 'done' && Date.now() - statSync(file).mtimeMs > KEEP_FINISHED_MS)
        rmSync(dir, { recursive: true, force: true });
    } catch {
      // Not saved yet (running), or unreadable: left alone.
    }
  }
}
