import { isIP } from 'node:net';
import { ToolConfigurationError } from '../../index.js';

/**
 * One entry of `network: { allow }`, checked: an exact host (`registry.npmjs.org`, an IP
 * literal), or `*.` and a domain (every name below it, not the domain itself), with one port
 * or, without one, the web's ports 80 and 443.
 */
export interface HostPattern {
  /** The pattern as the host wrote it. */
  readonly text: string;
  /** The host in lower case (an IPv6 literal without brackets); for a wildcard, the domain after `*.`. */
  readonly host: string;
  readonly wildcard: boolean;
  /** The one port allowed, or `undefined` for 80 and 443. */
  readonly port: number | undefined;
}

/** The ports a pattern without `:port` allows: plain HTTP and HTTPS. */
const DEFAULT_PORTS: ReadonlySet<number> = new Set([80, 443]);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u;
const PATTERN = /^(\*\.)?(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/u;

/** Whether `name` is a DNS name of letters, digits and inner hyphens (a last label not all digits). */
export function isHostName(name: string): boolean {
  const labels = name.split('.');
  return name.length <= 253 && labels.every((label) => LABEL.test(label)) && !/^\d+$/u.test(labels.at(-1) ?? '');
}

/** An IPv6 address in its one canonical spelling (as a URL writes it, without brackets). */
export function canonicalIPv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** The port in `text`, when it is a whole number from 1 to 65535. */
export function readPort(text: string): number | undefined {
  const port = /^\d{1,5}$/u.test(text) ? Number(text) : 0;
  return port >= 1 && port <= 65_535 ? port : undefined;
}

function fail(text: unknown, why: string): never {
  throw new ToolConfigurationError(
    `shellTools({ network: { allow } }) has the pattern ${(JSON.stringify(text) as string | undefined) ?? typeof text}, which ${why}. ` +
      "Give a host name, an IP address or '*.' and a domain, optionally with ':port', for example 'registry.npmjs.org' or '*.example.com:443'.",
  );
}

/** Checks one pattern (throws `ToolConfigurationError` naming it). */
export function parseHostPattern(text: unknown): HostPattern {
  if (typeof text !== 'string' || text === '') fail(text, 'is not a non-empty string');
  if (text.includes('://') || text.includes('/')) fail(text, 'is a URL or a path, not a host');
  if (text.includes('@')) fail(text, 'has a user part (user@host)');
  if (/[^\x21-\x7e]/u.test(text))
    fail(text, 'has spaces, control or non-ASCII characters (write an international name in its xn-- form)');
  const match = PATTERN.exec(text.toLowerCase());
  if (match === null) fail(text, 'is not of the form host, host:port or [IPv6]:port');
  const [, star, bracketed, plain, portText] = match;
  const port = portText === undefined ? undefined : readPort(portText);
  if (portText !== undefined && port === undefined) fail(text, 'has a port outside 1-65535');
  if (bracketed !== undefined && isIP(bracketed) !== 6)
    fail(text, 'has brackets around something that is not an IPv6 address');
  const host = bracketed === undefined ? (plain ?? '') : canonicalIPv6(bracketed);
  const wildcard = star !== undefined;
  if (isIP(host) !== 0) {
    if (wildcard) fail(text, "puts '*.' before an IP address");
    return { text, host, wildcard, port };
  }
  if (host.endsWith('.')) fail(text, 'ends with a dot (remove it)');
  if (host.includes('*')) fail(text, "has a '*' that is not a leading '*.' (a whole network is network: true)");
  if (!isHostName(host)) fail(text, 'is not a valid host name (letters, digits, inner hyphens and dots)');
  if (wildcard && !host.includes('.'))
    fail(text, "covers a whole top-level domain ('*.com'); name the domain ('*.example.com')");
  return { text, host, wildcard, port };
}

/** Checks every pattern of `allow` (throws `ToolConfigurationError` naming the first bad one). */
export function parseHostPatterns(allow: unknown): readonly HostPattern[] {
  if (!Array.isArray(allow)) {
    throw new ToolConfigurationError(
      'shellTools({ network: { allow } }) must be an array of host patterns, for example ["registry.npmjs.org", "*.example.com:443"].',
    );
  }
  return Object.freeze(allow.map((text: unknown) => Object.freeze(parseHostPattern(text))));
}

/**
 * Whether `host:port` is allowed. `host` is lower case, an IPv6 literal without brackets: the
 * proxy's reading of what the command asked for. A wildcard matches names below its domain
 * (any depth), never the domain itself, and never an IP address.
 */
export function isHostAllowed(patterns: readonly HostPattern[], host: string, port: number): boolean {
  const literal = isIP(host) !== 0;
  return patterns.some((pattern) => {
    const hostMatches = pattern.wildcard ? !literal && host.endsWith(`.${pattern.host}`) : host === pattern.host;
    return hostMatches && (pattern.port === undefined ? DEFAULT_PORTS.has(port) : port === pattern.port);
  });
}
