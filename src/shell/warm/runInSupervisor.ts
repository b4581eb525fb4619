import { randomUUID } from 'node:crypto';
import { ToolError } from '../../index.js';
import { RUN_MARKER_NAME } from '../parsing/assertModelEnvironment.js';
import { buildSpawnFailure, decodeSandboxExit, type LaunchedCommand } from '../running/LaunchedCommand.js';
import type { OutputChannel } from '../running/openOutputChannel.js';
import type { SandboxSupervisor, WarmRequest } from './SandboxSupervisor.js';

type Exit = readonly [number | null, string | null];

/**
 * Starts the command warm, in a reserved supervisor: the command gets the environment (run
 * marker included) and working directory it would get cold, `channels` as its stdout and stderr,
 * a session and process group of its own; signals go to everything it started (through the
 * supervisor, which alone sees those processes), and its exit is reported once they are all
 * gone, so nothing is left to clean up here. A supervisor lost mid-call fails the call
 * `unavailable` (reason `sandbox_supervisor_lost`).
 */
export function runInSupervisor(
  supervisor: SandboxSupervisor,
  request: WarmRequest,
  channels: readonly [OutputChannel, OutputChannel],
): LaunchedCommand {
  let exitListener: ((exitCode: number | null, signal: string | null) => void) | undefined;
  let failureListener: ((error: ToolError) => void) | undefined;
  let early: Exit | ToolError | undefined;
  const deliver = (result: Exit | ToolError): void => {
    if (result instanceof ToolError) {
      if (failureListener === undefined) early ??= result;
      else failureListener(result);
    } else if (exitListener === undefined) early ??= result;
    else exitListener(...result);
  };
  const env = { ...request.env, [RUN_MARKER_NAME]: randomUUID() };
  const signal = supervisor.run({ ...request, env }, channels[0].theirs, channels[1].theirs, {
    onExit: (exitCode, exitSignal) => {
      deliver(decodeSandboxExit(exitCode, exitSignal));
    },
    onFailed: (message) => {
      deliver(buildSpawnFailure(request.file, new Error(message)));
    },
    onLost: (reason) => {
      deliver(
        new ToolError(
          'unavailable',
          `The sandbox that ran this command was lost (${reason}); ` +
            'the command and everything it started were ended with it. ' +
            'Run the command again: the next call gets a fresh sandbox.',
          { reason: 'sandbox_supervisor_lost' },
        ),
      );
    },
  });
  return {
    readers: channels.map((channel) => channel.ours),
    identity: undefined,
    confined: true,
    onExit: (listener) => {
      exitListener = listener;
      if (early !== undefined && !(early instanceof ToolError)) listener(...early);
    },
    onFailure: (listener) => {
      failureListener = listener;
      if (early instanceof ToolError) listener(early);
    },
    signal,
    cleanUpAfterExit: () => undefined,
    killHolders: () => undefined,
  };
}
