import { readdirSync, readlinkSync } from 'node:fs';
import { readProcessStat } from '../kernel/index.js';

/** What identifies a command's output pipes: their `/proc/<pid>/fd` links and the command's start. */
export interface OutputIdentity {
  /** `socket:[inode]` or `pipe:[inode]` of the command's stdout and stderr. */
  readonly links: readonly string[];
  /** Start time of the command's first process, in clock ticks since boot (`/proc/<pid>/stat` field 22). */
  readonly startTicks: number;
}

function readStartTicks(pid: number): number | undefined {
  return readProcessStat(pid)?.startTicks;
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Reads what identifies the output pipes of the process `pid` just started (Linux; right after
 * spawn, before the command can have redirected them). `undefined` elsewhere.
 */
export function readOutputIdentity(pid: number): OutputIdentity | undefined {
  if (process.platform !== 'linux') return undefined;
  const startTicks = readStartTicks(pid);
  const links = [readLink(`/proc/${pid}/fd/1`), readLink(`/proc/${pid}/fd/2`)].filter((link): link is string => link !== undefined && /^(socket|pipe):\[\d+\]$/u.test(link));
  return startTicks === undefined || links.length === 0 ? undefined : { links, startTicks };
}

function holdsAny(pid: number, links: ReadonlySet<string>): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    const link = readLink(`/proc/${pid}/fd/${fd}`);
    return link !== undefined && links.has(link);
  });
}

/**
 * Processes that still hold a command's output pipes open and started no earlier than the
 * command: its descendants, whatever session, group or environment they moved to (a pipe
 * inode is private to the call; the start time rules out anything that was running before).
 * A process that closed the pipes as well cannot be told apart from any other process here.
 */
export function findOutputHolders(identity: OutputIdentity): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const links = new Set(identity.links);
  const found: number[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) continue;
    const started = readStartTicks(pid);
    if (started === undefined || started < identity.startTicks) continue;
    if (holdsAny(pid, links)) found.push(pid);
  }
  return found;
}
