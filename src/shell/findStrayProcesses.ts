import { readdirSync, readFileSync } from 'node:fs';

/** Reads `pgrp` and `session` from `/proc/<pid>/stat` (fields 5 and 6, after the command name). */
function readGroupAndSession(pid: number): readonly [number, number] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[2]), Number(fields[3])];
  } catch {
    return undefined;
  }
}

function hasMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(marker);
  } catch {
    return false;
  }
}

/**
 * Processes that belong to a command run by `leader` but may have left its process group:
 * on Linux, every process in its session or group, and every process whose environment
 * carries the run's marker (`NAME=value`), which finds descendants that called `setsid` and
 * were re-parented. `newerOnly` looks only at process ids above the leader's (cheap, for the
 * sweep after a normal exit). Elsewhere it finds nothing and the group kill must do.
 */
export function findStrayProcesses(leader: number, marker: string, newerOnly: boolean): number[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid || pid === leader || (newerOnly && pid < leader)) continue;
    const ids = readGroupAndSession(pid);
    if (ids === undefined) continue;
    if (ids[0] === leader || ids[1] === leader || hasMarker(pid, marker)) found.push(pid);
  }
  return found;
}
