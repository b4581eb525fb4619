import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:os';
import { Duplex } from 'node:stream';
import { ToolError } from '../index.js';
import { ProcessTree } from '../kernel/index.js';
import { RUN_MARKER_NAME } from './assertModelEnvironment.js';
import { findOutputHolders, readOutputIdentity, type OutputIdentity } from './findOutputHolders.js';
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
 * Outside the sandbox the command starts behind a gate: a fixed `/bin/sh` line that waits for
 * one line on fd 3, closes it, and `exec`s the program with its exact argv. Until we open the
 * gate the process cannot have exited or redirected its output, so reading which pipes are its
 * stdout and stderr (what finds the strays that keep them open) never races the command, even
 * when this process is descheduled for a long time right after the spawn.
 */
const GATE_SHELL = '/bin/sh';
const GATE_SCRIPT = 'read -r _ <&3; exec 3<&-; exec "$@"';
const GATE_FD = 3;

function isGated(spec: ProcessSpec): boolean {
  return spec.sandboxed !== true && process.platform === 'linux';
}

function buildStdio(spec: ProcessSpec): ('ignore' | 'pipe' | number)[] {
  const stdio: ('ignore' | 'pipe' | number)[] = ['ignore', 'pipe', 'pipe'];
  if (isGated(spec)) stdio[GATE_FD] = 'pipe';
  const extra = spec.extraFds ?? [];
  if (extra.length === 0) return stdio;
  const base = spec.extraFdBase ?? 3;
  while (stdio.length < base) stdio.push('ignore');
  return [...stdio, ...extra];
}

/** bubblewrap reports a command ended by signal N as exit code 128 + N (bash's convention). */
function decodeSandboxExit(exitCode: number | null, signal: string | null): readonly [number | null, string | null] {
  if (exitCode === null || exitCode <= 128) return [exitCode, signal];
  const name = Object.entries(constants.signals).find(([, number]) => number === exitCode - 128)?.[0];
  return name === undefined ? [exitCode, signal] : [null, name];
}

/** Lets a gated command start (see {@link GATE_SCRIPT}); a gate that is already gone is harmless. */
function openGate(gate: unknown): void {
  if (gate instanceof Duplex) {
    gate.on('error', () => undefined);
    gate.resume(); // read to its end, so the child's 'close' does not wait for it
    gate.end('\n');
  }
}

/**
 * Runs a process in its own process group (`detached`, stdin ignored, never through a shell
 * of Node's choosing). On timeout, cancellation or too much output, SIGTERM goes to the whole
 * group (and its strays), SIGKILL after `killGraceMs`. When the process exits, whatever it
 * left running that can be found is killed. It resolves once every pipe has closed, or
 * {@link OUTPUT_DRAIN_MS} after the process exited: then the processes still holding the pipes
 * (started by the command) are killed and the pipes are closed on our side, so a stray that
 * escaped every other search cannot hold the call past its exit, or its deadline.
 */
export function runProcess(spec: ProcessSpec): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const marker = `${RUN_MARKER_NAME}=${randomUUID()}`;
    const gated = isGated(spec);
    const [file, args] = gated ? [GATE_SHELL, ['-c', GATE_SCRIPT, 'sh', spec.file, ...spec.args]] : [spec.file, spec.args];
    const child = spawn(file, args, {
      cwd: spec.cwd,
      env: { ...spec.env, [RUN_MARKER_NAME]: marker.slice(RUN_MARKER_NAME.length + 1) },
      detached: true,
      stdio: buildStdio(spec),
      windowsHide: true,
    });
    const tree = new ProcessTree(child, marker);
    // Read while the gate holds the command: what finds strays that hold its output. Then open it.
    const identity: OutputIdentity | undefined = child.pid === undefined || !gated ? undefined : readOutputIdentity(child.pid);
    if (gated) openGate(child.stdio[GATE_FD]);
    const stdout = new OutputCapture(spec.maxOutputBytes);
    const stderr = new OutputCapture(spec.maxOutputBytes);
    let stopped: StopReason | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let exit: readonly [number | null, string | null] | undefined;
    let settled = false;
    /** Whether the pipes were closed on our side before their end (output may be missing). */
    let cut = false;

    const killTree = (signal: NodeJS.Signals): void => { tree.signal(signal, 'strays'); };
    const stop = (reason: StopReason): void => {
      if (stopped !== undefined) return;
      stopped = reason;
      killTree('SIGTERM');
      graceTimer = setTimeout(() => { killTree('SIGKILL'); }, spec.killGraceMs);
      if (exit !== undefined) {
        killTree('SIGKILL');
        finish(true); // a stopped call does not wait for the pipes any longer
      }
    };
    const onAbort = (): void => { stop('cancelled'); };
    const timer = setTimeout(() => { stop('timeout'); }, spec.timeoutMs);
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const onData = (capture: OutputCapture) => (chunk: Buffer): void => {
      capture.push(chunk);
      if (stdout.totalBytes + stderr.totalBytes > spec.hardOutputLimitBytes) stop('output_limit');
    };
    child.stdout?.on('data', onData(stdout));
    child.stderr?.on('data', onData(stderr));
    const cleanUp = (): void => {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      clearTimeout(drainTimer);
      spec.signal?.removeEventListener('abort', onAbort);
    };
    /**
     * Settles once the pipes closed, or when the drain ran out: then the processes still holding
     * the pipes are killed and the pipes closed on our side (the output is marked truncated). When
     * no holder is found (Linux, gated), nothing can write any more and what is left is on its way
     * (a stalled event loop reads it late): one more drain period before the pipes are cut.
     */
    function finish(force = false): void {
      if (settled || exit === undefined) return;
      if (child.stdout?.readableEnded === false || child.stderr?.readableEnded === false) {
        const holders = identity === undefined ? undefined : findOutputHolders(identity);
        if (!force && holders?.length === 0) {
          clearTimeout(drainTimer);
          drainTimer = setTimeout(() => { finish(true); }, OUTPUT_DRAIN_MS);
          return;
        }
        // Something the command started still holds the pipes: end it, and stop reading.
        if (holders !== undefined) tree.signalFound(holders, 'SIGKILL');
        child.stdout?.destroy();
        child.stderr?.destroy();
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
      drainTimer = setTimeout(() => { finish(); }, OUTPUT_DRAIN_MS);
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
      if (child.pid === undefined) return;
      exit ??= [exitCode, signal];
      finish();
    });
    if (spec.signal?.aborted === true) stop('cancelled');
  });
}
