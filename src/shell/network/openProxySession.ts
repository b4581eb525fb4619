import { ToolError } from '../../index.js';
import type { HostProxy } from './HostProxy.js';
import type { ProxySession, RefusedHost } from './ProxySession.js';

/** A session of `proxy` for one call; a failure (no socket could be made) is the call's `execution_failed`, before anything ran. */
export async function openProxySession(proxy: HostProxy): Promise<ProxySession> {
  try {
    return await proxy.openSession();
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(
      'execution_failed',
      `The allowed-hosts network proxy could not open a socket for this command (${error instanceof Error ? error.message : String(error)}); nothing was run. Try again.`,
      { reason: 'network_proxy_failed' },
      { cause: error },
    );
  }
}

/** How a refused host is named to the model: `host:port`, an IPv6 address in brackets. */
function nameHost(refused: RefusedHost): string {
  return `${refused.host.includes(':') ? `[${refused.host}]` : refused.host}:${String(refused.port)}`;
}

/**
 * What a call's result says about the hosts its proxy refused: `refusedHosts` (`host:port`
 * strings) in the value the model reads, and in `metadata.refusedHosts` each with its reason
 * and count (`refusedOthers` counts requests for hosts past the kept ones). Nothing when none.
 */
export function describeRefusedHosts(session: ProxySession | undefined): {
  readonly value: { readonly refusedHosts?: string[] };
  readonly metadata: {
    readonly refusedHosts?: { host: string; port: number; reason: string; count: number }[];
    readonly refusedOthers?: number;
  };
} {
  const refused = session?.refusedHosts ?? [];
  const others = session?.refusedOthers ?? 0;
  if (refused.length === 0) return { value: {}, metadata: {} };
  return {
    value: {
      refusedHosts: [
        ...refused.map(nameHost),
        ...(others > 0 ? [`(${String(others)} more requests for other hosts)`] : []),
      ],
    },
    metadata: { refusedHosts: refused.map((host) => ({ ...host })), ...(others > 0 ? { refusedOthers: others } : {}) },
  };
}
