/**
 * What the host sends a sandbox supervisor (over its IPC channel). A `run` carries the command's
 * stdout socket as its handle and the `stderr` that follows carries the stderr socket: the
 * supervisor starts the command once it holds both.
 */
export type HostMessage =
  | {
      readonly type: 'run';
      readonly id: number;
      readonly file: string;
      readonly args: readonly string[];
      readonly cwd: string;
      readonly env: Readonly<Record<string, string>>;
    }
  | { readonly type: 'stderr'; readonly id: number }
  | { readonly type: 'signal'; readonly id: number; readonly signal: NodeJS.Signals }
  | { readonly type: 'ping'; readonly seq: number };

/**
 * What a supervisor answers. `ready`: it can take a command (sent once it started, and after
 * each call once its private directories are as they were); `started` / `failed`: the command
 * of call `id` runs / could not start; `exit`: the command ended and every process it started is
 * gone; `retire`: it cannot make itself clean again and exits (a fresh one replaces it).
 */
export type SupervisorMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'started'; readonly id: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  | { readonly type: 'exit'; readonly id: number; readonly code: number | null; readonly signal: string | null }
  | { readonly type: 'pong'; readonly seq: number }
  | { readonly type: 'retire'; readonly reason: string };

/** Whether `value` is a {@link SupervisorMessage} (the host checks what comes out of the sandbox). */
export function isSupervisorMessage(value: unknown): value is SupervisorMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message['type']) {
    case 'ready':
      return true;
    case 'started':
    case 'failed':
    case 'exit':
      return typeof message['id'] === 'number';
    case 'pong':
      return typeof message['seq'] === 'number';
    case 'retire':
      return typeof message['reason'] === 'string';
    default:
      return false;
  }
}
