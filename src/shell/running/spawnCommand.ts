import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { ProcessTree } from '../../kernel/index.js';
import { RUN_MARKER_NAME } from '../parsing/assertModelEnvironment.js';
import { buildSpawnFailure, decodeSandboxExit, type LaunchedCommand } from './LaunchedCommand.js';
import type { OutputChannel } from './openOutputChannel.js';
import type { ProcessSpec } from './ProcessSpec.js';

type Stdio = 'ignore' | 'pipe' | number | Socket;

function buildStdio(spec: ProcessSpec, channels: readonly OutputChannel[] | undefined): Stdio[] {
  const stdio: Stdio[] =
    channels?.length === 2
      ? ['ignore', channels[0]?.theirs as Socket, channels[1]?.theirs as Socket]
      : ['ignore', 'pipe', 'pipe'];
  const extra = spec.extraFds ?? [];
  if (extra.length === 0) return stdio;
  const base = spec.extraFdBase ?? 3;
  while (stdio.length < base) stdio.push('ignore');
  return [...stdio, ...extra];
}

/**
 * Starts the command cold: its own `spawn`, in a process group of its own (`detached`, stdin
 * ignored, never through a shell of Node's choosing), carrying the run's marker, with
 * `channels` as its stdout and stderr (plain pipes without). Throws when Node refuses the spawn.
 */
export function spawnCommand(spec: ProcessSpec, channels: readonly OutputChannel[] | undefined): LaunchedCommand {
  const marker = `${RUN_MARKER_NAME}=${randomUUID()}`;
  let child: ChildProcess;
  try {
    child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: { ...spec.env, [RUN_MARKER_NAME]: marker.slice(RUN_MARKER_NAME.length + 1) },
      detached: true,
      stdio: buildStdio(spec, channels),
      windowsHide: true,
    });
  } catch (error) {
    for (const channel of channels ?? []) channel.ours.destroy();
    throw error;
  } finally {
    // The child has its copies (or none, if it could not start): ours would keep the output open.
    for (const channel of channels ?? []) channel.theirs.destroy();
  }
  const tree = new ProcessTree(child, marker);
  const sandboxed = spec.sandboxed === true;
  return {
    readers:
      channels === undefined
        ? [child.stdout, child.stderr].filter((reader) => reader !== null)
        : channels.map((channel) => channel.ours),
    identity:
      channels === undefined || child.pid === undefined
        ? undefined
        : { links: channels.map((channel) => channel.link), startTicks: tree.leaderStartTicks },
    // In the sandbox its PID namespace ends every stray with it.
    confined: sandboxed,
    onExit: (listener) => {
      child.once('exit', (exitCode, signal) => {
        listener(...(sandboxed ? decodeSandboxExit(exitCode, signal) : ([exitCode, signal] as const)));
      });
    },
    onFailure: (listener) => {
      child.once('error', (error) => {
        if (child.pid === undefined) listener(buildSpawnFailure(spec.file, error)); // else 'exit' follows
      });
    },
    signal: (signal) => {
      tree.signal(signal, 'strays');
    },
    cleanUpAfterExit: (stopped) => {
      // Background jobs and daemons it started do not outlive it: the tree has killed what was
      // left in the group (its own exit listener runs first); strays that left it go here.
      if (stopped) tree.signal('SIGKILL', 'strays');
      else if (!sandboxed && (tree.hadMembersAtExit || spec.sweepAfterExit)) tree.signal('SIGKILL', 'newer_strays');
    },
    killHolders: (pids) => {
      tree.signalFound(pids, 'SIGKILL');
    },
  };
}
