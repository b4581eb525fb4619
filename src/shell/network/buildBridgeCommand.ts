import type { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
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

/** Where distributions install socat (a fixed list, never looked up through `PATH`). */
const SOCAT_PATHS = ['/usr/bin/socat', '/usr/local/bin/socat', '/bin/socat'];

/** socat, when installed: a bridge that starts in a few ms where Node takes tens (more under load). */
export function findSocat(): string | undefined {
  return SOCAT_PATHS.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The socat bridge: `sh` starts socat in the background (forking per connection to the call's
 * socket; `-t 600`: a client's half-close does not cut the answer after socat's default 0.5 s), waits until its port is listening (read from `/proc/net/tcp`, no program started;
 * given up after a bound or when socat died, then connections are refused), and `exec`s the
 * command, which stays the sandbox's main process (exit status, signals and descriptors as
 * without the bridge); socat ends with the sandbox's PID namespace.
 */
const SOCAT_SCRIPT = [
  '"$1" -t 600 "TCP-LISTEN:$2,bind=127.0.0.1,reuseaddr,fork" "UNIX-CONNECT:$3" </dev/null >/dev/null 2>&1 &',
  'want=$4',
  'listening() { while read -r _ at _ state _; do [ "$at" = "$want" ] && [ "$state" = 0A ] && return 0; done </proc/net/tcp; return 1; }',
  'n=0; until listening; do n=$((n + 1)); [ "$n" -lt 100000 ] && kill -0 $! 2>/dev/null || break; done',
  'shift 4; exec "$@"',
].join('\n');

/**
 * The words that run `file args` behind the bridge: with `socat` (see {@link SOCAT_SCRIPT}),
 * `/bin/sh` and socat; without, this very Node executable (bound into the sandbox by
 * `buildNetworkArgs`) running {@link runNetworkBridge}, its source given with `-e`, so nothing
 * is looked up on disk. `fds` are the descriptors the command must keep (redirect targets).
 */
export function buildBridgeCommand(
  file: string,
  args: readonly string[],
  fds: readonly number[],
  socat: string | undefined,
): string[] {
  if (socat !== undefined) {
    const listening = `0100007F:${BRIDGE_PORT.toString(16).toUpperCase().padStart(4, '0')}`;
    return [
      '/bin/sh',
      '-c',
      SOCAT_SCRIPT,
      'agentkit-network-bridge',
      socat,
      String(BRIDGE_PORT),
      BRIDGE_SOCKET,
      listening,
      file,
      ...args,
    ];
  }
  return [
    process.execPath,
    '-e',
    SOURCE,
    '--',
    String(BRIDGE_PORT),
    BRIDGE_SOCKET,
    fds.length === 0 ? '-' : fds.join(','),
    file,
    ...args,
  ];
}
