import { readFileSync } from 'node:fs';

/**
 * What `/proc/<pid>/stat` says about a process's place and age.
 * @internal
 */
export interface ProcessStat {
  /** Process group id (field 5). */
  readonly group: number;
  /** Session id (field 6). */
  readonly session: number;
  /** Start time in clock ticks since boot (field 22): a process started later has a larger one. */
  readonly startTicks: number;
}

/**
 * Reads {@link ProcessStat} of `pid` (Linux); `undefined` when there is no such process or no
 * `/proc`. The fields are counted after the command name's closing parenthesis, which the
 * name itself may contain.
 * @internal
 */
export function readProcessStat(pid: number): ProcessStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [group, session, startTicks] = [Number(fields[2]), Number(fields[3]), Number(fields[19])];
  return Number.isInteger(group) && Number.isInteger(session) && Number.isFinite(startTicks)
    ? { group, session, startTicks }
    : undefined;
}
