import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { findStrayProcesses } from '../../src/kernel/findStrayProcesses.js';
import { ProcessTree, readProcessStat, type StartedProcess } from '../../src/kernel/index.js';

/** A child handle that never was: for leader ids no real child can have. */
function fakeChild(pid: number | undefined): StartedProcess & { exit: () => void } {
  const listeners: (() => void)[] = [];
  const child = {
    pid,
    exitCode: null as number | null,
    signalCode: null,
    once: (_event: 'exit', listener: () => void) => listeners.push(listener),
    exit: () => {
      child.exitCode = 0;
      for (const listener of listeners) listener();
    },
  };
  return child;
}

function isGroupAlive(leader: number): boolean {
  try {
    return process.kill(-leader, 0);
  } catch {
    return false;
  }
}

/** Waits until the kernel has taken the group's members away (SIGKILL is delivered asynchronously). */
async function waitForGroupGone(leader: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100 && isGroupAlive(leader); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !isGroupAlive(leader);
}

const started: ChildProcess[] = [];
function start(command: string, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn('/bin/sh', ['-c', command], { detached: true, stdio: 'ignore', env });
  started.push(child);
  return child;
}

describe(ProcessTree.name, () => {
  afterEach(() => {
    jest.restoreAllMocks();
    for (const child of started.splice(0)) {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it.each([undefined, 0, 1, -5, 1.5, process.pid, process.ppid])(
    'never signals anything for the leader id %p',
    (leader) => {
      // Mocked: a real kill(-1) would signal every process on the machine.
      const kill = jest.spyOn(process, 'kill').mockImplementation(() => true);
      const child = fakeChild(leader);
      const tree = new ProcessTree(child, 'AGENTKIT_SHELL_RUN=test');

      tree.signal('SIGKILL', 'strays');
      tree.signalFound([0, 1, process.pid, process.ppid], 'SIGKILL');
      child.exit();

      expect(kill).not.toHaveBeenCalled();
    },
  );

  it("signals the leader's whole process group while the leader runs", () => {
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => true);

    new ProcessTree(fakeChild(4_000_000)).signal('SIGTERM');

    expect(kill.mock.calls).toStrictEqual([[-4_000_000, 'SIGTERM']]);
  });

  it('never signals the group again once the leader exited (its number may be reused)', () => {
    const kill = jest.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('no such process group'), { code: 'ESRCH' });
    });
    const child = fakeChild(4_000_000);
    const tree = new ProcessTree(child);
    child.exit();
    kill.mockClear();

    tree.signal('SIGKILL'); // a late grace timer

    expect(kill.mock.calls).toStrictEqual([]);
  });

  it('kills what the leader left in its group when it exits, and says so', async () => {
    const child = start('sleep 30 & exit 0');
    const tree = new ProcessTree(child);
    await once(child, 'exit');

    expect(tree.hadMembersAtExit).toBe(true);
    expect(await waitForGroupGone(child.pid ?? 0)).toBe(true);
  });

  it('kills the group on request, leaving nothing behind', async () => {
    const child = start('sleep 30 & sleep 30');
    const tree = new ProcessTree(child);
    tree.signal('SIGTERM');
    await once(child, 'exit');

    expect(await waitForGroupGone(child.pid ?? 0)).toBe(true);
  });
});

describe(findStrayProcesses.name, () => {
  afterEach(() => {
    for (const child of started.splice(0)) {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('finds a process of the run by its marker, never one started before the leader', async () => {
    const marker = `AGENTKIT_TEST_RUN=${process.pid}-${Date.now()}`;
    const stray = start('exec sleep 30', { ...process.env, AGENTKIT_TEST_RUN: marker.split('=')[1] });
    await once(stray, 'spawn');
    const strayPid = stray.pid ?? 0;
    const startTicks = readProcessStat(strayPid)?.startTicks ?? Number.NaN;
    // The leader id only names the group and session to look in; no process has this one.
    const search = { leader: 4_000_000, marker, newerOnly: false };

    expect(findStrayProcesses({ ...search, leaderStartTicks: startTicks })).toContain(strayPid);
    expect(findStrayProcesses({ ...search, leaderStartTicks: startTicks + 1 })).not.toContain(strayPid);
  });
});
