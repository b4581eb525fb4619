import { readdirSync, readlinkSync } from 'node:fs';
import { readProcessStat } from '../../kernel/index.js';

/** What identifies a command's output: its `/proc/<pid>/fd` links and the command's start. */
export interface OutputIdentity {
  /** `socket:[inode]` of the command's stdout and stderr (the ends `openOutputChannel` handed it). */
  readonly links: readonly string[];
  /** Start time of the command's first process, in clock ticks since boot (`/proc/<pid>/stat` field 22). */
  readonly startTicks: number;
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
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
 * Processes that still hold a command's output open and started no earlier than the command:
 * its descendants, whatever session, group or environment they moved to (the socket is
 * private to the call; the start time rules out anything that was running before).
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
    const started = readProcessStat(pid)?.startTicks;
    if (started === undefined || started < identity.startTicks) continue;
    if (holdsAny(pid, links)) found.push(pid);
  }
  return found;
}
