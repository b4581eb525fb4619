import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ToolError } from '../index.js';
import { RUN_MARKER_NAME } from './assertModelEnvironment.js';
import { killProcessTree } from './killProcessTree.js';
import { OutputCapture } from './OutputCapture.js';

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

/** Whether anything is left in the process group `leader` led. */
function hasGroupMembers(leader: number): boolean {
  try {
    return leader > 1 && process.kill(-leader, 0);
  } catch {
    return false;
  }
}

/**
 * Runs a process in its own process group (`detached`, stdin ignored, never through a shell
 * of Node's choosing). On timeout, cancellation or too much output, SIGTERM goes to the whole
 * group (and its strays), SIGKILL after `killGraceMs`. When the process exits, whatever it
 * left running is killed. It resolves only once every pipe has closed.
 */
export function runProcess(spec: ProcessSpec): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const marker = `${RUN_MARKER_NAME}=${randomUUID()}`;
    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: { ...spec.env, [RUN_MARKER_NAME]: marker.slice(RUN_MARKER_NAME.length + 1) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const stdout = new OutputCapture(spec.maxOutputBytes);
    const stderr = new OutputCapture(spec.maxOutputBytes);
    let stopped: StopReason | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let exited = false;

    const killTree = (signal: NodeJS.Signals, newerOnly = false): void => {
      if (child.pid !== undefined) killProcessTree(child.pid, marker, signal, newerOnly);
    };
    const stop = (reason: StopReason): void => {
      if (stopped !== undefined) return;
      stopped = reason;
      killTree('SIGTERM');
      graceTimer = setTimeout(() => killTree('SIGKILL'), spec.killGraceMs);
      if (exited) killTree('SIGKILL');
    };
    const onAbort = (): void => stop('cancelled');
    const timer = setTimeout(() => stop('timeout'), spec.timeoutMs);
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const onData = (capture: OutputCapture) => (chunk: Buffer): void => {
      capture.push(chunk);
      if (stdout.totalBytes + stderr.totalBytes > spec.hardOutputLimitBytes) stop('output_limit');
    };
    child.stdout.on('data', onData(stdout));
    child.stderr.on('data', onData(stderr));
    const cleanUp = (): void => {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      spec.signal?.removeEventListener('abort', onAbort);
    };
    child.once('exit', () => {
      exited = true;
      // Background jobs and daemons it started do not outlive it.
      if (stopped !== undefined || child.pid === undefined) {
        killTree('SIGKILL');
      } else if (hasGroupMembers(child.pid) || spec.sweepAfterExit) {
        killProcessTree(child.pid, marker, 'SIGKILL', true);
      }
    });
    child.once('error', (error) => {
      if (child.pid !== undefined) return; // 'close' follows and settles
      cleanUp();
      reject(new ToolError('execution_failed', `Could not start ${JSON.stringify(spec.file)}: ${error.message}. Check that the program exists and is executable.`, {
        reason: 'spawn_failed',
        file: spec.file,
      }, { cause: error }));
    });
    child.once('close', (exitCode, signal) => {
      cleanUp();
      if (child.pid === undefined) return;
      resolve({
        exitCode,
        signal,
        stdout: stdout.toText(),
        stderr: stderr.toText(),
        truncated: stdout.truncated || stderr.truncated || stopped === 'output_limit',
        stopped,
        stdoutBytes: stdout.totalBytes,
        stderrBytes: stderr.totalBytes,
      });
    });
    if (spec.signal?.aborted === true) stop('cancelled');
  });
}
