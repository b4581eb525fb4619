import path from 'node:path';

/** A command line `agentkit-tools` cannot run: the message says which part and why; the bin prints its usage. */
export class ServeArgsError extends Error {
  public override readonly name = 'ServeArgsError';
}

export const USAGE = `Usage: agentkit-tools serve --root <dir> [--shell] [--policy <file>] [--module <file>]...
         [--approval-store <url> | --max-approvals <n>]
         [--http <host>:<port> [--token-file <file> | --no-auth] [--shutdown-grace-ms <ms>] [--max-sessions <n>]
                               [--public-url <url>] [--json-response]]
  Over stdio by default. With --http: MCP Streamable HTTP at http://<host>:<port>/mcp, bearer token
  from $AGENTKIT_SERVE_TOKEN or --token-file (--no-auth only on a loopback host), GET /healthz, at most
  --max-sessions live sessions (default 1000; past it 503 with Retry-After), approval pages at
  <public-url>/approvals/<id> (default: the bound address) for clients that cannot ask in a form,
  --json-response answers each request in one JSON body. Without --approval-store,
  approvals are kept in memory, at most --max-approvals of them (default 10000; the oldest evicted first).`;

export interface HttpListen {
  readonly host: string;
  readonly port: number;
}

export interface ServeArgs {
  readonly root: string;
  readonly shell: boolean;
  readonly policy: string | undefined;
  readonly http: HttpListen | undefined;
  readonly tokenFile: string | undefined;
  readonly noAuth: boolean;
  readonly shutdownGraceMs: number | undefined;
  readonly approvalStore: string | undefined;
  /** `--max-sessions`: the most live HTTP sessions (`serveHttp`'s `maxSessions`). */
  readonly maxSessions: number | undefined;
  /** `--max-approvals`: the most approvals the in-memory store keeps (its `maxEntries`). */
  readonly maxApprovals: number | undefined;
  /** `--public-url`: the origin approval page links point to (`serveHttp`'s `publicUrl`). */
  readonly publicUrl: string | undefined;
  /** `--json-response`: `serveHttp`'s `jsonResponse`. */
  readonly jsonResponse: boolean;
  /** Every `--module` (repeatable), as absolute paths in the order given: the user modules to load. */
  readonly modules: readonly string[];
}

/** `HOST:PORT`, IPv6 in brackets (`[::1]:8080`); port 0 picks a free one. */
export function parseListenAddress(value: string): HttpListen {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+):(\d{1,5})$/u.exec(value);
  const port = Number(match?.[2]);
  if (match?.[1] === undefined || port > 65_535) {
    throw new ServeArgsError(
      `--http expects HOST:PORT with a port from 0 to 65535 (for example 127.0.0.1:8080, [::1]:0); got ${JSON.stringify(value)}.`,
    );
  }
  return { host: match[1].startsWith('[') ? match[1].slice(1, -1) : match[1], port };
}

function parseGrace(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/u.test(value) || ms > 2_147_483_647)
    throw new ServeArgsError(
      `--shutdown-grace-ms expects a whole number of milliseconds; got ${JSON.stringify(value)}.`,
    );
  return ms;
}

/** A count flag's value: a whole number from 1 to 1,000,000. */
function parseCount(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!/^\d+$/u.test(value) || count < 1 || count > 1_000_000)
    throw new ServeArgsError(`${flag} expects a whole number from 1 to 1000000; got ${JSON.stringify(value)}.`);
  return count;
}

const VALUED = [
  '--root',
  '--policy',
  '--http',
  '--token-file',
  '--shutdown-grace-ms',
  '--approval-store',
  '--max-sessions',
  '--max-approvals',
  '--public-url',
] as const;
type ValuedFlag = (typeof VALUED)[number];

/** Reads `serve ...` into {@link ServeArgs}; throws {@link ServeArgsError} naming the bad part. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const [command, ...rest] = argv;
  if (command !== 'serve') throw new ServeArgsError(`Unknown command ${JSON.stringify(command ?? '')}.`);
  const values = new Map<ValuedFlag, string>();
  const modules: string[] = [];
  let shell = false;
  let noAuth = false;
  let jsonResponse = false;
  for (let index = 0; index < rest.length; index += 1) {
    const flag = rest[index] ?? '';
    if (flag === '--shell') shell = true;
    else if (flag === '--no-auth') noAuth = true;
    else if (flag === '--json-response') jsonResponse = true;
    else if (flag === '--module') {
      const value = rest[++index];
      if (value === undefined || value === '') throw new ServeArgsError('--module needs a file.');
      // Relative to where the user runs the bin, as every path of the command line.
      modules.push(path.resolve(value));
    } else if ((VALUED as readonly string[]).includes(flag)) {
      const value = rest[++index];
      if (value === undefined) throw new ServeArgsError(`${flag} needs a value.`);
      values.set(flag as ValuedFlag, value);
    } else throw new ServeArgsError(`Unknown option ${JSON.stringify(flag)}.`);
  }
  const root = values.get('--root');
  if (root === undefined) throw new ServeArgsError('--root is required.');
  const httpValue = values.get('--http');
  const http = httpValue === undefined ? undefined : parseListenAddress(httpValue);
  for (const flag of ['--token-file', '--shutdown-grace-ms', '--max-sessions', '--public-url'] as const) {
    if (http === undefined && values.has(flag)) throw new ServeArgsError(`${flag} only applies with --http.`);
  }
  if (http === undefined && noAuth) throw new ServeArgsError('--no-auth only applies with --http.');
  if (http === undefined && jsonResponse) throw new ServeArgsError('--json-response only applies with --http.');
  if (noAuth && values.has('--token-file')) throw new ServeArgsError('Give --token-file or --no-auth, not both.');
  if (values.has('--approval-store') && values.has('--max-approvals')) {
    throw new ServeArgsError(
      '--max-approvals bounds the in-memory approval store; ' +
        'with --approval-store the approvals are kept there instead.',
    );
  }
  const grace = values.get('--shutdown-grace-ms');
  // Command-line paths are the user's: relative ones mean relative to where they run it.
  const tokenFile = values.get('--token-file');
  return {
    root: path.resolve(root),
    shell,
    policy: values.get('--policy'),
    http,
    tokenFile: tokenFile === undefined ? undefined : path.resolve(tokenFile),
    noAuth,
    shutdownGraceMs: grace === undefined ? undefined : parseGrace(grace),
    approvalStore: values.get('--approval-store'),
    maxSessions: parseCount('--max-sessions', values.get('--max-sessions')),
    maxApprovals: parseCount('--max-approvals', values.get('--max-approvals')),
    publicUrl: values.get('--public-url'),
    jsonResponse,
    modules,
  };
}
