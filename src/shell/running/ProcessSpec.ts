import type { SandboxLayout } from '../sandbox/buildSandboxArgs.js';
import type { SupervisorPool } from '../warm/SupervisorPool.js';

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
  /**
   * The same sandboxed command for a warm run: the layout `file` and `args` set up, the command
   * itself, and the pool of supervisors to run it in. Absent: always cold.
   */
  readonly warm?: {
    readonly supervisors: SupervisorPool;
    readonly layout: SandboxLayout;
    readonly file: string;
    readonly args: readonly string[];
  };
  /** Descriptors the child gets as fds `extraFdBase`, `extraFdBase + 1`, ... (redirect targets). */
  readonly extraFds?: readonly number[];
  readonly extraFdBase?: number;
  readonly signal?: AbortSignal;
  /** Hears every chunk of output as it arrives (before it is captured): how `shell_exec` streams. */
  readonly onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void;
}
