import { readdirSync, readFileSync } from 'node:fs';
import { readProcessStat } from './readProcessStat.js';

function hasMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(marker);
  } catch {
    return false;
  }
}

/** Where to look for a run's strays, and what rules a process out. */
export interface StraySearch {
  readonly leader: number;
  /** Start of the leader (`readProcessStat`): anything started before it is not the run's. */
  readonly leaderStartTicks: number;
  /** The run's `NAME=value` environment entry; `undefined` when the run has none. */
  readonly marker: string | undefined;
  /** Look only at process ids above the leader's (cheap, for the sweep after a normal exit). */
  readonly newerOnly: boolean;
}

/**
 * Processes that belong to a run led by `leader` but may have left its process group: on
 * Linux, every process in its session or group, and every process whose environment carries
 * the run's marker (which finds descendants that called `setsid` and were re-parented); never
 * one that started before the leader, this process, or pid 1. Elsewhere it finds nothing and
 * the group kill must do.
 * @internal
 */
export function findStrayProcesses(search: StraySearch): number[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const { leader, leaderStartTicks, marker, newerOnly } = search;
  const found: number[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid || pid === leader || (newerOnly && pid < leader))
      continue;
    const stat = readProcessStat(pid);
    if (stat === undefined || stat.startTicks < leaderStartTicks) continue;
    if (stat.group === leader || stat.session === leader || (marker !== undefined && hasMarker(pid, marker)))
      found.push(pid);
  }
  return found;
}
