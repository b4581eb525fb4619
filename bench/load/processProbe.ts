import { readdirSync, readFileSync } from 'node:fs';

/** What a process holds at one moment: open file descriptors and live (or unreaped) children. */
export interface ProcessHoldings {
  readonly fds: number;
  readonly children: number;
}

/** The open file descriptors of `pid`, counted in `/proc/<pid>/fd` (Linux). */
export function countFds(pid: number | 'self' = 'self'): number {
  // readdirSync opens the directory itself for a moment: every reading pays that one alike.
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** The parent pid from `/proc/<pid>/stat`; `undefined` when the process is gone meanwhile. */
function parentOf(pid: string): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[1]);
}

/** The pids whose parent is `pid` (zombies included: a child nobody reaped is a leak too). */
export function listChildren(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && parentOf(entry) === pid)
    .map(Number);
}

/** Both counts for `pid` at once. */
export function readHoldings(pid: number): ProcessHoldings {
  return { fds: countFds(pid === process.pid ? 'self' : pid), children: listChildren(pid).length };
}

/** The resident set of `pid` in MB, from `/proc/<pid>/status` (another process's heap is not readable from here). */
export function readRssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match === null ? Number.NaN : Number(match[1]) / 1024;
}
