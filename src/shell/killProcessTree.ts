import { findStrayProcesses } from './findStrayProcesses.js';

function sendSignal(target: number, signal: NodeJS.Signals): void {
  try {
    process.kill(target, signal);
  } catch {
    // Already gone (ESRCH), or not ours to signal (EPERM): nothing more to do.
  }
}

/** Whether `leader` can be the process-group leader of a child we started (never init, never us). */
function isChildLeader(leader: number): boolean {
  return Number.isInteger(leader) && leader > 1 && leader !== process.pid && leader !== process.ppid;
}

/**
 * Without the sandbox, what a command started can be found only by what it kept: its process
 * group, its session, the run's marker variable (this function), or its output pipes
 * (`findOutputHolders`, when a stray keeps the call's pipes open). A process that leaves its
 * group and session, clears its environment and closes the inherited descriptors (a classic
 * daemon) cannot be told apart from any other process: Node offers no
 * `PR_SET_CHILD_SUBREAPER` (it would be re-parented to us) and no cgroup is created per call.
 * Only the sandbox's PID namespace ends such a process with the call.
 *
 * Signals a command's whole process group (`-leader`) and every stray process of its run
 * (see {@link findStrayProcesses}). A leader id that cannot be a child's (0, 1, negative, this
 * process) is ignored: `kill(-1)` would signal every process on the machine.
 */
export function killProcessTree(leader: number, marker: string, signal: NodeJS.Signals, newerOnly = false): void {
  if (!isChildLeader(leader)) return;
  sendSignal(-leader, signal);
  for (const pid of findStrayProcesses(leader, marker, newerOnly)) {
    if (isChildLeader(pid)) sendSignal(pid, signal);
  }
}
