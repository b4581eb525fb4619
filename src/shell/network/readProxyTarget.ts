import { isIP } from 'node:net';
import { canonicalIPv6, isHostName, readPort } from './HostPattern.js';

/** Where a proxied request goes, as the proxy reads it: the host in lower case (IPv6 without brackets). */
export interface ProxyTarget {
  readonly host: string;
  readonly port: number;
}

/**
 * The one spelling of a requested host that patterns are matched against and that is then
 * connected to: lower case, one trailing dot dropped, IPv6 canonical. `undefined` for anything
 * that is neither a DNS name nor an IP address (so no resolver is left to read it its own way:
 * `127.1`, `0x7f.1`, `2130706433` are refused, not resolved).
 */
function readHost(text: string): string | undefined {
  const lower = text.toLowerCase();
  if (lower.startsWith('[') && lower.endsWith(']')) {
    const inner = lower.slice(1, -1);
    return isIP(inner) === 6 ? canonicalIPv6(inner) : undefined;
  }
  if (isIP(lower) === 4) return lower;
  const name = lower.endsWith('.') ? lower.slice(0, -1) : lower;
  return isHostName(name) ? name : undefined;
}

/** The target of `CONNECT host:port` (authority form, the port required), or `undefined` when malformed. */
export function readConnectTarget(authority: string): ProxyTarget | undefined {
  const colon = authority.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const host = readHost(authority.slice(0, colon));
  const port = readPort(authority.slice(colon + 1));
  return host === undefined || port === undefined ? undefined : { host, port };
}

/** A plain HTTP request for the proxy to forward: where it goes and the path to ask for there. */
export interface HttpTarget extends ProxyTarget {
  /** The path and query (origin form), what the request line sends upstream. */
  readonly path: string;
  /** The authority for the `Host` header upstream: the host as read, the port only when not 80. */
  readonly authority: string;
}

/**
 * The target of a proxied plain HTTP request (`GET http://host[:port]/path`, absolute form), or
 * `undefined` when it is not one: an origin-form path (the proxy is not a web server), another
 * scheme, or a user part (`http://allowed@other/`: what a person reads is not where it goes).
 */
export function readHttpTarget(url: string): HttpTarget | undefined {
  if (!/^http:\/\//iu.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  const host = readHost(parsed.hostname);
  const port = parsed.port === '' ? 80 : readPort(parsed.port);
  if (host === undefined || port === undefined) return undefined;
  const named = isIP(host) === 6 ? `[${host}]` : host;
  return {
    host,
    port,
    path: `${parsed.pathname}${parsed.search}`,
    authority: port === 80 ? named : `${named}:${String(port)}`,
  };
}
