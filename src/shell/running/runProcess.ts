import { findOutputHolders } from './findOutputHolders.js';
import type { LaunchedCommand } from './LaunchedCommand.js';
import type { OutputChannel } from './openOutputChannel.js';
import { closeChannel, needsChannels, openChannels } from './openRunChannels.js';
import { OutputCapture } from './OutputCapture.js';
import type { ProcessSpec } from './ProcessSpec.js';
import { spawnCommand } from './spawnCommand.js';
import { runInSupervisor } from '../warm/runInSupervisor.js';
import type { SandboxSupervisor } from '../warm/SandboxSupervisor.js';

/**
 * How long the output pipes may stay open after the command exited: a stray process that
 * holds them (one that could not be found and killed) no longer keeps the call waiting.
 */
export const OUTPUT_DRAIN_MS = 200;

export type { ProcessSpec } from './ProcessSpec.js';

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
 * A supervisor reserved for this call when it can run warm: sandboxed, with a pool, and no extra
 * descriptors (redirect targets: Node passes only sockets to another process, not files, so
 * such a call runs cold).
 */
async function reserveSupervisor(spec: ProcessSpec): Promise<SandboxSupervisor | undefined> {
  if (spec.warm === undefined) return undefined;
  if ((spec.extraFds ?? []).length === 0) return spec.warm.supervisors.acquire(spec.warm.layout);
  spec.warm.supervisors.skip();
  return undefined;
}

/** Starts the command warm when a supervisor is still reserved for it, cold otherwise. */
function launch(
  spec: ProcessSpec,
  supervisor: SandboxSupervisor | undefined,
  channels: readonly [OutputChannel, OutputChannel] | undefined,
): LaunchedCommand {
  if (supervisor?.state === 'reserved' && spec.warm !== undefined && channels !== undefined) {
    const { file, args } = spec.warm;
    return runInSupervisor(supervisor, { file, args, cwd: spec.cwd, env: spec.env }, channels);
  }
  supervisor?.release();
  const cold = channels !== undefined && !needsChannels(spec.sandboxed === true, false) ? undefined : channels;
  if (cold !== channels) for (const channel of channels ?? []) closeChannel(channel);
  return spawnCommand(spec, cold);
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
 * A sandboxed call runs warm (in a supervisor of `spec.warm`'s pool) when one is free, with the
 * same limits and reports; a supervisor lost mid-call rejects it `unavailable`.
 */
export async function runProcess(spec: ProcessSpec): Promise<ProcessOutcome> {
  const supervisor = await reserveSupervisor(spec);
  let channels: readonly [OutputChannel, OutputChannel] | undefined;
  try {
    channels = await openChannels(spec.file, spec.sandboxed === true, supervisor !== undefined);
  } catch (error) {
    supervisor?.release();
    throw error;
  }
  return new Promise((resolve, reject) => {
    const command = launch(spec, supervisor, channels);
    const { readers, identity } = command;
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
      command.signal(signal);
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
    const { onOutput } = spec;
    const onData =
      (capture: OutputCapture, stream: 'stdout' | 'stderr') =>
      (chunk: Buffer): void => {
        capture.push(chunk);
        onOutput?.(stream, chunk);
        if (stdout.totalBytes + stderr.totalBytes > spec.hardOutputLimitBytes) stop('output_limit');
      };
    const [out, err] = readers;
    out?.on('data', onData(stdout, 'stdout'));
    err?.on('data', onData(stderr, 'stderr'));
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
        const holders = identity === undefined ? (command.confined ? [] : undefined) : findOutputHolders(identity);
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
        if (holders !== undefined) command.killHolders(holders);
        for (const reader of readers) reader.destroy();
        cut = true;
      }
      settled = true;
      cleanUp();
      const [exitCode, signal] = exit;
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
    command.onExit((exitCode, signal) => {
      exit = [exitCode, signal];
      command.cleanUpAfterExit(stopped !== undefined);
      if (openReaders === 0) finish();
      else
        drainTimer = setTimeout(() => {
          afterPendingReads(() => {
            finish();
          });
        }, OUTPUT_DRAIN_MS);
    });
    command.onFailure((error) => {
      if (settled) return;
      settled = true;
      cleanUp();
      for (const reader of readers) reader.destroy();
      reject(error);
    });
    if (spec.signal?.aborted === true) stop('cancelled');
  });
}
