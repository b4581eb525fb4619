import { isIP } from 'node:net';

/**
 * Whether `host` (a hostname or IP literal, IPv6 with or without brackets) names this machine's
 * loopback interface: `localhost`, `127.0.0.0/8`, `::1` (and `::ffff:127.x.y.z`). Other names
 * count as reachable from elsewhere: what a name resolves to is not checked here.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (lower === 'localhost') return true;
  if (isIP(lower) === 4) return lower.startsWith('127.');
  if (isIP(lower) === 6)
    return (
      lower === '::1' ||
      lower === '0:0:0:0:0:0:0:1' ||
      (lower.startsWith('::ffff:') && isLoopbackHost(lower.slice('::ffff:'.length)))
    );
  return false;
}
