import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:os';
import type { Socket } from 'node:net';
import { ToolError } from '../index.js';
import { ProcessTree } from '../kernel/index.js';
import { RUN_MARKER_NAME } from './assertModelEnvironment.js';
import { findOutputHolders, type OutputIdentity } from './findOutputHolders.js';
import { openOutputChannel, type OutputChannel } from './openOutputChannel.js';
import { OutputCapture } from './OutputCapture.js';

/**
 * How long the output pipes may stay open after the command exited: a stray process that
 * holds them (one that could not be found and killed) no longer keeps the call waiting.
 */
export const OUTPUT_DRAIN_MS = 200;

/** One process to run, with every limit already decided. */
export interface ProcessSpec {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly killGraceMs: number;
  readonly maxOutputBytes: number;
  readonly hardOutputLimitBytes: number;
  /**
   * Whether to look for stray processes (left the group: setsid, set -m) after a normal exit,
   * besides killing what is left in the group. It costs a /proc scan, so preflight asks for it
   * when the command backgrounds or detaches something; a group that outlived its leader
   * triggers it too.
   */
  readonly sweepAfterExit: boolean;
  /**
   * Whether `file` is bubblewrap running the command in its namespaces: the namespace dies with
   * it (no sweep needed), and a command ended by signal N comes back as exit code 128 + N.
   */
  readonly sandboxed?: boolean;
  /** Descriptors the child gets as fds `extraFdBase`, `extraFdBase + 1`, ... (redirect targets). */
  readonly extraFds?: readonly number[];
  readonly extraFdBase?: number;
  readonly signal?: AbortSignal;
}

/** Why a process was stopped before it exited by itself. */
export type StopReason = 'timeout' | 'cancelled' | 'output_limit';

export interface ProcessOutcome {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly truncated: boolean;
  readonly stopped: StopReason | undefined;
  readonly stdoutBytes: number;
  readonly stderrBytes: number;
}

/**
 * Outside the sandbox (Linux) the command's stdout and stderr are sockets this process made
 * (see {@link openOutputChannel}): what identifies them is known before the child exists, so
 * finding the strays that keep them open never depends on what the command did first, even when
 * this process is descheduled for a long time right after the spawn. In the sandbox the PID
 * namespace ends every stray, and elsewhere there is no `/proc` to search: plain pipes.
 */
function needsChannels(spec: ProcessSpec): boolean {
  return spec.sandboxed !== true && process.platform === 'linux';
}

type Stdio = 'ignore' | 'pipe' | number | Socket;

function buildStdio(spec: ProcessSpec, channels: readonly [OutputChannel, OutputChannel] | undefined): Stdio[] {
  const stdio: Stdio[] = channels === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', channels[0].theirs, channels[1].theirs];
  const extra = spec.extraFds ?? [];
  if (extra.length === 0) return stdio;
  const base = spec.extraFdBase ?? 3;
  while (stdio.length < base) stdio.push('ignore');
  return [...stdio, ...extra];
}

function spawnFailed(file: string, error: Error): ToolError {
  return new ToolError(
    'execution_failed',
    `Could not start ${JSON.stringify(file)}: ${error.message}. Check that the program exists and is executable.`,
    {
      reason: 'spawn_failed',
      file,
    },
    { cause: error },
  );
}

/** bubblewrap reports a command ended by signal N as exit code 128 + N (bash's convention). */
function decodeSandboxExit(exitCode: number | null, signal: string | null): readonly [number | null, string | null] {
  if (exitCode === null || exitCode <= 128) return [exitCode, signal];
  const name = Object.entries(constants.signals).find(([, number]) => number === exitCode - 128)?.[0];
  return name === undefined ? [exitCode, signal] : [null, name];
}

/** Opens the two output channels a run outside the sandbox needs; a failure starts nothing. */
async function openChannels(spec: ProcessSpec): Promise<readonly [OutputChannel, OutputChannel] | undefined> {
  if (!needsChannels(spec)) return undefined;
  const opened = await Promise.allSettled([openOutputChannel(), openOutputChannel()]);
  const channels = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = opened.find((result) => result.status === 'rejected');
  if (failure === undefined) return channels as [OutputChannel, OutputChannel];
  for (const channel of channels) closeChannel(channel);
  throw spawnFailed(spec.file, new Error(`no output channel could be opened (${String(failure.reason)})`));
}

function closeChannel(channel: OutputChannel): void {
  channel.theirs.destroy();
  channel.ours.destroy();
}

/**
 * Runs `then` once the output that already arrived has been read: a drain timer fires in the
 * timers phase, before the poll phase reads what the pipes hold, so after an event-loop stall
 * the command's last output (and its end) would otherwise be found unread and cut.
 */
function afterPendingReads(then: () => void): void {
  setImmediate(then);
}

/**
 * Runs a process in its own process group (`detached`, stdin ignored, never through a shell
 * of Node's choosing). On timeout, cancellation or too much output, SIGTERM goes to the whole
 * group (and its strays), SIGKILL after `killGraceMs`. When the process exits, whatever it
 * left running that can be found is killed. It resolves once its output has closed, or
 * {@link OUTPUT_DRAIN_MS} after the process exited: then the processes still holding the output
 * (started by the command) are killed and the output is closed on our side, so a stray that
 * escaped every other search cannot hold the call past its exit, or its deadline.
 */
export async function runProcess(spec: ProcessSpec): Promise<ProcessOutcome> {
  const channels = await openChannels(spec);
  return new Promise((resolve, reject) => {
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
    const identity: OutputIdentity | undefined =
      channels === undefined || child.pid === undefined ? undefined : { links: channels.map((channel) => channel.link), startTicks: tree.leaderStartTicks };
    const readers = channels === undefined ? [child.stdout, child.stderr].filter((reader) => reader !== null) : channels.map((channel) => channel.ours);
    const stdout = new OutputCapture(spec.maxOutputBytes);
    const stderr = new OutputCapture(spec.maxOutputBytes);
    let stopped: StopReason | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let exit: readonly [number | null, string | null] | undefined;
    let settled = false;
    /** Whether the output was closed on our side before its end (output may be missing). */
    let cut = false;
    let openReaders = readers.length;

    const killTree = (signal: NodeJS.Signals): void => {
      tree.signal(signal, 'strays');
    };
    const stop = (reason: StopReason): void => {
      if (stopped !== undefined) return;
      stopped = reason;
      killTree('SIGTERM');
      graceTimer = setTimeout(() => {
        killTree('SIGKILL');
      }, spec.killGraceMs);
      if (exit !== undefined) {
        killTree('SIGKILL');
        finish(true); // a stopped call does not wait for the output any longer
      }
    };
    const onAbort = (): void => {
      stop('cancelled');
    };
    const timer = setTimeout(() => {
      stop('timeout');
    }, spec.timeoutMs);
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const onData =
      (capture: OutputCapture) =>
      (chunk: Buffer): void => {
        capture.push(chunk);
        if (stdout.totalBytes + stderr.totalBytes > spec.hardOutputLimitBytes) stop('output_limit');
      };
    const [out, err] = readers;
    out?.on('data', onData(stdout));
    err?.on('data', onData(stderr));
    for (const reader of readers) {
      reader.on('error', () => undefined); // a reset connection ends the output like its close
      reader.once('close', () => {
        openReaders -= 1;
        if (openReaders === 0) finish();
      });
    }
    const cleanUp = (): void => {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      clearTimeout(drainTimer);
      spec.signal?.removeEventListener('abort', onAbort);
    };
    /**
     * Settles once the output closed, or when the drain ran out: then the processes still holding
     * the output are killed and it is closed on our side (the output is marked truncated). When
     * no holder is found (Linux, unsandboxed), nothing can write any more and what is left is on
     * its way (a stalled event loop reads it late): one more drain period before it is cut.
     */
    function finish(force = false): void {
      if (settled || exit === undefined) return;
      if (openReaders > 0) {
        // In the sandbox nothing outlives the call (its PID namespace ended with it): no holder.
        const holders = identity === undefined ? (spec.sandboxed === true ? [] : undefined) : findOutputHolders(identity);
        if (!force && holders?.length === 0) {
          clearTimeout(drainTimer);
          drainTimer = setTimeout(() => {
            afterPendingReads(() => {
              finish(true);
            });
          }, OUTPUT_DRAIN_MS);
          return;
        }
        // Something the command started still holds the output: end it, and stop reading.
        if (holders !== undefined) tree.signalFound(holders, 'SIGKILL');
        for (const reader of readers) reader.destroy();
        cut = true;
      }
      settled = true;
      cleanUp();
      const [exitCode, signal] = spec.sandboxed === true ? decodeSandboxExit(...exit) : exit;
      resolve({
        exitCode,
        signal,
        stdout: stdout.toText(),
        stderr: stderr.toText(),
        truncated: stdout.truncated || stderr.truncated || stopped === 'output_limit' || cut,
        stopped,
        stdoutBytes: stdout.totalBytes,
        stderrBytes: stderr.totalBytes,
      });
    }
    child.once('exit', (exitCode, signal) => {
      exit = [exitCode, signal];
      // Background jobs and daemons it started do not outlive it: the tree has killed what was
      // left in the group (its own exit listener runs first); strays that left it go here.
      if (stopped !== undefined) {
        killTree('SIGKILL');
      } else if (spec.sandboxed !== true && (tree.hadMembersAtExit || spec.sweepAfterExit)) {
        tree.signal('SIGKILL', 'newer_strays');
      }
      if (openReaders === 0) finish();
      else
        drainTimer = setTimeout(() => {
          afterPendingReads(() => {
            finish();
          });
        }, OUTPUT_DRAIN_MS);
    });
    child.once('error', (error) => {
      if (child.pid !== undefined) return; // 'exit' follows and settles
      cleanUp();
      for (const reader of readers) reader.destroy();
      reject(spawnFailed(spec.file, error));
    });
    if (spec.signal?.aborted === true) stop('cancelled');
  });
}
