import type { Readable } from 'node:stream';
import { constants } from 'node:os';
import { ToolError } from '../../index.js';
import type { OutputIdentity } from './findOutputHolders.js';

/**
 * A command that was started, cold (its own `spawn`) or warm (in a sandbox supervisor): what
 * `runProcess` needs to watch, stop and clean up after it, whichever way it runs.
 */
export interface LaunchedCommand {
  /** Its stdout and stderr, as this process reads them. */
  readonly readers: readonly Readable[];
  /** What finds the processes still holding its output (unsandboxed Linux); `undefined` otherwise. */
  readonly identity: OutputIdentity | undefined;
  /** Whether nothing it started can outlive it (its sandbox ends them): no holder is ever searched. */
  readonly confined: boolean;
  /** Calls `listener` once when the command exits, with its exit code and signal. */
  onExit(listener: (exitCode: number | null, signal: string | null) => void): void;
  /** Calls `listener` once when the command could not start, or its supervisor was lost. */
  onFailure(listener: (error: ToolError) => void): void;
  /** Sends `signal` to everything the command started (its group and strays). */
  signal(signal: NodeJS.Signals): void;
  /** After the exit: kills what it left (`stopped`: everything; else strays when they are likely). */
  cleanUpAfterExit(stopped: boolean): void;
  /** Kills processes another search found holding its output. */
  killHolders(pids: readonly number[]): void;
}

/** The error of a command that could not start. */
export function buildSpawnFailure(file: string, error: Error): ToolError {
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

/**
 * bubblewrap reports a command ended by signal N as exit code 128 + N (bash's convention); a
 * warm call decodes its exit code the same way, so a command reports the same either way.
 */
export function decodeSandboxExit(
  exitCode: number | null,
  signal: string | null,
): readonly [number | null, string | null] {
  if (exitCode === null || exitCode <= 128) return [exitCode, signal];
  const name = Object.entries(constants.signals).find(([, number]) => number === exitCode - 128)?.[0];
  return name === undefined ? [exitCode, signal] : [null, name];
}
