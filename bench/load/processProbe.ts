import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** What a process holds at one moment (Linux, from /proc). */
export interface ProcessHoldings {
  /** Open file descriptors other than TCP sockets: files, directories, pipes, socket pairs, event and timer fds. */
  readonly fds: number;
  /** Open TCP sockets (connections and listeners): pooled HTTP connections come and go with the load. */
  readonly sockets: number;
  /** TCP sockets neither listening nor established: a connection whose peer has gone and this process never closed (CLOSE_WAIT) is a leak. */
  readonly staleSockets: number;
  /** Live (or unreaped) child processes. */
  readonly children: number;
}

/** TCP states by inode, from /proc/<pid>/net/tcp and tcp6 (the process's network namespace). */
function readTcpStates(pid: number): Map<string, string> {
  const states = new Map<string, string>();
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/u);
      if (fields.length > 9) states.set(fields[9] as string, fields[3] as string);
    }
  }
  return states;
}

const LISTEN = '0A';
const ESTABLISHED = '01';

/** Counts `pid`'s descriptors by kind (a descriptor closed while they are read is skipped). */
function readDescriptors(pid: number): Pick<ProcessHoldings, 'fds' | 'sockets' | 'staleSockets'> {
  const directory = `/proc/${pid}/fd`;
  const states = readTcpStates(pid);
  let fds = 0;
  let sockets = 0;
  let staleSockets = 0;
  for (const entry of readdirSync(directory)) {
    let target: string;
    try {
      target = readlinkSync(`${directory}/${entry}`);
    } catch {
      continue;
    }
    // Only TCP sockets are set apart: socket pairs (a shell command's output, the IPC channel) count as descriptors.
    const state = states.get(/^socket:\[(\d+)\]$/u.exec(target)?.[1] ?? '');
    if (state === undefined) fds += 1;
    else {
      sockets += 1;
      if (state !== LISTEN && state !== ESTABLISHED) staleSockets += 1;
    }
  }
  // The directory read itself holds one descriptor for a moment: every reading counts it alike.
  return { fds, sockets, staleSockets };
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
    .filter((entry) => /^\d+$/u.test(entry) && parentOf(entry) === pid)
    .map(Number);
}

/** Everything {@link ProcessHoldings} says, for `pid`. */
export function readHoldings(pid: number): ProcessHoldings {
  return { ...readDescriptors(pid), children: listChildren(pid).length };
}

/** The resident set of `pid` in MB, from `/proc/<pid>/status` (another process's heap is not readable from here). */
export function readRssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match === null ? Number.NaN : Number(match[1]) / 1024;
}
