import type { ToolExecutor } from '../index.js';
import { DEFAULT_SHUTDOWN_GRACE_MS, serveHttp, type HttpServeHandle, type ServedContent } from '../mcp/index.js';
import type { ServeArgs } from './parseServeArgs.js';
import { readServeToken } from './readServeToken.js';

/**
 * `serve --http`: serves `executor` (and `content`) until SIGTERM or SIGINT, then stops within the grace
 * (calls in flight finish or are cancelled), closes the executor (no child process left) and
 * runs `onStopped`. Writes `agentkit-tools: listening on <url>` to stderr once bound: scripts
 * and tests read the port from it.
 */
export async function serveOverHttp(
  executor: ToolExecutor,
  args: ServeArgs & { http: NonNullable<ServeArgs['http']> },
  content: ServedContent,
  onStopped: () => Promise<void>,
): Promise<HttpServeHandle> {
  const log = (line: string): void => {
    process.stderr.write(`agentkit-tools: ${line}\n`);
  };
  const token = await readServeToken(args, process.env, log);
  const handle = await serveHttp(executor, {
    ...args.http,
    ...(token === undefined ? { noAuth: args.noAuth } : { token }),
    ...(args.maxSessions === undefined ? {} : { maxSessions: args.maxSessions }),
    ...(args.publicUrl === undefined ? {} : { publicUrl: args.publicUrl }),
    ...(args.jsonResponse ? { jsonResponse: true } : {}),
    content,
  });
  log(`listening on ${handle.url}${token === undefined ? ' (no auth: loopback only)' : ''}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // Once: a second signal while stopping is ignored (the first one's bound still holds).
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping (calls in flight get ${args.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS} ms)`);
    handle
      .close(args.shutdownGraceMs)
      .then(() => executor.close())
      .then(onStopped)
      .then(
        () => {
          log('stopped');
        },
        (error: unknown) => {
          log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exitCode = 1;
        },
      );
  };
  process.on('SIGTERM', stop).on('SIGINT', stop);
  return handle;
}
