import { findStrayProcesses } from './findStrayProcesses.js';
import { readProcessStat } from './readProcessStat.js';

/**
 * A child process this process spawned in a process group of its own (`spawn(..., { detached:
 * true })`): the shape of Node's `ChildProcess` the killer needs.
 * @internal
 */
export interface StartedProcess {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: string | null;
  once(event: 'exit', listener: () => void): unknown;
}

/**
 * Which processes a signal reaches: the leader's process group only, or also every stray of
 * the run (left the group or session: see {@link findStrayProcesses}); `newer_strays` looks only
 * at process ids above the leader's (the cheap sweep after a normal exit).
 * @internal
 */
export type ProcessTreeScope = 'group' | 'strays' | 'newer_strays';

function sendSignal(target: number, signal: NodeJS.Signals): void {
  try {
    process.kill(target, signal);
  } catch {
    // Already gone (ESRCH), or not ours to signal (EPERM): nothing more to do.
  }
}

/** Whether `pid` may be signalled at all: never init, never a negative or fractional id, never this process or its parent. */
function isSignallable(pid: number | undefined): pid is number {
  return pid !== undefined && Number.isInteger(pid) && pid > 1 && pid !== process.pid && pid !== process.ppid;
}

/**
 * The one process-tree killer (shell commands, MCP servers). Its safeguards:
 * 1. It signals only what a process it started leads: it is built from the child handle Node
 *    returned, never from a number, and the child must run in a group of its own (`detached`).
 * 2. A leader id that cannot be a child's (undefined, 0, 1, negative, fractional, this process,
 *    its parent) makes every call a no-op: `kill(-1)` would signal every process on the machine
 *    and `kill(0)` our own group.
 * 3. No reused pid: once the leader has exited (and been reaped), whatever is left in its group
 *    is killed at once (SIGKILL) and the group is never signalled again, so a late timer cannot
 *    reach a new process group that got the same number.
 * 4. Strays (Linux, see {@link findStrayProcesses}) must have started no earlier than the leader
 *    and are never pid 1 or this process.
 * Without the sandbox, a process that leaves its group and session, clears its environment and
 * closes the inherited descriptors (a classic daemon) cannot be told apart from any other: Node
 * offers no `PR_SET_CHILD_SUBREAPER` and no cgroup is created per call. Only a PID namespace ends
 * such a process with the call.
 * @internal
 */
export class ProcessTree {
  readonly #leader: number | undefined;
  readonly #leaderStartTicks: number;
  readonly #marker: string | undefined;
  #groupEnded = false;
  #hadMembersAtExit = false;

  /**
   * Call right after `spawn`, before the child can have exited. `marker` is the run's
   * `NAME=value` environment entry, if it has one.
   */
  public constructor(child: StartedProcess, marker?: string) {
    this.#leader = isSignallable(child.pid) ? child.pid : undefined;
    this.#leaderStartTicks = this.#leader === undefined ? 0 : (readProcessStat(this.#leader)?.startTicks ?? 0);
    this.#marker = marker;
    if (this.#leader === undefined) {
      this.#groupEnded = true;
      return;
    }
    const leader = this.#leader;
    child.once('exit', () => {
      this.#hadMembersAtExit = hasGroupMembers(leader);
      if (this.#hadMembersAtExit) sendSignal(-leader, 'SIGKILL');
      this.#groupEnded = true;
    });
  }

  /** When the leader started, in clock ticks since boot (`readProcessStat`); 0 when unknown. */
  public get leaderStartTicks(): number {
    return this.#leaderStartTicks;
  }

  /** Whether the leader's group still had members when the leader exited (they were killed). */
  public get hadMembersAtExit(): boolean {
    return this.#hadMembersAtExit;
  }

  /** Sends `signal` to the leader's group (until the leader exits) and, by `scope`, to the run's strays. */
  public signal(signal: NodeJS.Signals, scope: ProcessTreeScope = 'group'): void {
    const leader = this.#leader;
    if (leader === undefined) return;
    if (!this.#groupEnded) sendSignal(-leader, signal);
    if (scope === 'group') return;
    const search = {
      leader,
      leaderStartTicks: this.#leaderStartTicks,
      marker: this.#marker,
      newerOnly: scope === 'newer_strays',
    };
    for (const pid of findStrayProcesses(search)) {
      if (isSignallable(pid)) sendSignal(pid, signal);
    }
  }

  /**
   * Sends `signal` to processes another search tied to this run (those holding its output
   * pipes), with the same guard: never pid 1, this process or its parent.
   */
  public signalFound(pids: readonly number[], signal: NodeJS.Signals): void {
    for (const pid of pids) {
      if (isSignallable(pid)) sendSignal(pid, signal);
    }
  }
}

function hasGroupMembers(leader: number): boolean {
  try {
    return process.kill(-leader, 0);
  } catch {
    return false;
  }
}
