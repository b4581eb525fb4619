import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { ProxyTarget } from './readProxyTarget.js';

/**
 * Where an allowed `(host, port)` really goes instead of the resolver's answer, or `undefined`
 * for the resolver's answer. Internal: tests map names such as `registry.test` to loopback
 * servers, so nothing leaves the machine.
 */
export type ProxyConnectTo = (host: string, port: number) => ProxyTarget | undefined;

/** The address to connect to, or why an allowed name may not be reached. */
export type ProxyResolution =
  | { readonly address: string; readonly port: number }
  | { readonly refused: 'local_address' }
  | { readonly failed: string };

/**
 * Addresses of this machine and its link: loopback, unspecified, link-local (cloud metadata
 * services live at 169.254.169.254), multicast and broadcast. A name that resolves there is not
 * followed: an allowed `*.example.com` whose owner points `x.example.com` at 127.0.0.1 would
 * otherwise reach the host's own services. An IP literal the host listed is reached as listed.
 */
const LOCAL = new BlockList();
LOCAL.addSubnet('0.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL.addSubnet('224.0.0.0', 3, 'ipv4');
LOCAL.addAddress('::', 'ipv6');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addSubnet('fe80::', 10, 'ipv6');
LOCAL.addSubnet('ff00::', 8, 'ipv6');

/** Whether `address` (an IP literal) belongs to this machine or its link (`BlockList` reads IPv4-mapped IPv6 by its IPv4 part). */
export function isLocalAddress(address: string): boolean {
  return LOCAL.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Resolves an allowed target once, here (the command has no resolver): the first address that
 * is not local, so the address connected to is the one checked. An IP literal is its own answer.
 */
export async function resolveProxyTarget(
  target: ProxyTarget,
  connectTo: ProxyConnectTo | undefined,
): Promise<ProxyResolution> {
  const mapped = connectTo?.(target.host, target.port);
  if (mapped !== undefined) return { address: mapped.host, port: mapped.port };
  if (isIP(target.host) !== 0) return { address: target.host, port: target.port };
  let addresses: { address: string }[];
  try {
    addresses = await lookup(target.host, { all: true, verbatim: true });
  } catch (error) {
    return {
      failed: `${target.host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    };
  }
  const reachable = addresses.find((entry) => !isLocalAddress(entry.address));
  if (reachable !== undefined) return { address: reachable.address, port: target.port };
  return addresses.length > 0 ? { refused: 'local_address' } : { failed: `${target.host} has no address` };
}
