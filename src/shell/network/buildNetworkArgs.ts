import { BRIDGE_PORT, BRIDGE_SOCKET } from './buildBridgeCommand.js';

/** The variables a proxy-aware program reads (curl reads `http_proxy` only in lower case), all pointing at the bridge. */
const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'];
/** The sandbox's own loopback is not proxied (a test server the command starts itself). */
const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'];

/**
 * The bubblewrap arguments `network: { allow }` adds to a sandboxed command's own (which keep
 * `--unshare-net`: no route out, only loopback): the call's proxy socket at {@link BRIDGE_SOCKET},
 * the Node executable the bridge runs on (read-only, at its own path), and the proxy variables
 * pointing at the bridge on 127.0.0.1:{@link BRIDGE_PORT}. Given after the view's mounts.
 */
export function buildNetworkArgs(socketPath: string): string[] {
  const proxy = `http://127.0.0.1:${String(BRIDGE_PORT)}`;
  const args = ['--ro-bind', socketPath, BRIDGE_SOCKET, '--ro-bind-try', process.execPath, process.execPath];
  for (const name of PROXY_VARIABLES) args.push('--setenv', name, proxy);
  for (const name of NO_PROXY_VARIABLES) args.push('--setenv', name, 'localhost,127.0.0.1,::1');
  return args;
}
