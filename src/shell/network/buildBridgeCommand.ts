import type { spawn } from 'node:child_process';
import type * as net from 'node:net';

/** Where the bridge listens inside the sandbox's own network namespace (nothing else is there). */
export const BRIDGE_PORT = 3128;
/** Where the call's proxy socket appears inside the sandbox. */
export const BRIDGE_SOCKET = '/run/agentkit/proxy.sock';
/** Exit codes of the bridge itself: it could not listen / could not start the command. */
const LISTEN_FAILED = 125;
const START_FAILED = 127;

/** What the bridge is given instead of importing (it runs as `node -e`, a CommonJS script). */
interface BridgeModules {
  readonly net: typeof net;
  readonly spawn: typeof spawn;
  readonly signals: Readonly<Partial<Record<string, number>>>;
}

/**
 * The bridge, run by Node inside the sandbox ahead of the command: inside `--unshare-net` only
 * loopback exists, and programs want a TCP `HTTP_PROXY`. It listens on 127.0.0.1:`port`
 * there, forwards each connection to the call's Unix socket (the host's proxy), then runs the
 * command with stdio, the redirect descriptors `fds` and its environment unchanged, and ends
 * as the command ended (a signal N as exit code 128 + N, as bubblewrap reports one). It uses
 * no name from outside itself: its source text is what runs.
 */
function runNetworkBridge(modules: BridgeModules, argv: readonly string[], codes: readonly [number, number]): void {
  const [port, socketPath, fds, file, ...args] = argv;
  const fail = (message: string, code: number): void => {
    process.stderr.write(`agentkit network bridge: ${message}\n`);
    process.exit(code);
  };
  if (port === undefined || socketPath === undefined || fds === undefined || file === undefined) {
    fail('usage: port socket fds file [args...]', codes[1]);
    return;
  }
  const stdio: ('inherit' | 'ignore' | number)[] = ['inherit', 'inherit', 'inherit'];
  for (const fd of fds === '-' ? [] : fds.split(',').map(Number)) {
    while (stdio.length < fd) stdio.push('ignore');
    stdio[fd] = fd;
  }
  const server = modules.net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = modules.net.connect({ path: socketPath, allowHalfOpen: true });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) socket.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.on('error', (error) => {
    fail(`cannot listen on 127.0.0.1:${port} (${error.message})`, codes[0]);
  });
  server.listen(Number(port), '127.0.0.1', () => {
    const child = modules.spawn(file, args, { stdio, env: process.env });
    child.on('error', (error) => {
      fail(`cannot start ${file} (${error.message})`, codes[1]);
    });
    child.on('exit', (code, signal) => {
      process.exit(code ?? 128 + (signal === null ? 0 : (modules.signals[signal] ?? 0)));
    });
  });
}

const SOURCE =
  `(${runNetworkBridge.toString()})({ net: require('node:net'), spawn: require('node:child_process').spawn, signals: require('node:os').constants.signals }, ` +
  `process.argv.slice(1), [${String(LISTEN_FAILED)}, ${String(START_FAILED)}]);`;

/**
 * The words that run `file args` behind the bridge (see {@link runNetworkBridge}): this very
 * Node executable (bound into the sandbox by `buildNetworkArgs`), its source given with `-e`, so
 * nothing is looked up on disk. `fds` are the descriptors the command must keep (redirect targets).
 */
export function buildBridgeCommand(file: string, args: readonly string[], fds: readonly number[]): string[] {
  return [process.execPath, '-e', SOURCE, '--', String(BRIDGE_PORT), BRIDGE_SOCKET, fds.length === 0 ? '-' : fds.join(','), file, ...args];
}
