import type { DiscoveryResult } from './discovery.js';
import { formatMs, formatNs, formatRatio } from './format.js';
import type { BurstResult, PerCallResult } from './measure.js';

/** Which measured rows play which role in the targets. */
export interface TargetInputs {
  readonly reference: PerCallResult;
  readonly schemaCall: PerCallResult;
  readonly dtoCall: PerCallResult;
  readonly peerCalls: readonly PerCallResult[];
  readonly schemaBurst: BurstResult;
  readonly dtoBurst: BurstResult;
  readonly peerBursts: readonly BurstResult[];
  readonly discovery: DiscoveryResult;
}

export interface TargetVerdict {
  readonly target: string;
  readonly pass: boolean;
  readonly measured: string;
}

/** "2.10x faster" or "3.40x slower": how `ours` compares to `theirs` (times, lower is better). */
function compare(ours: number, theirs: number): string {
  return ours <= theirs ? `ours ${formatRatio(theirs / ours)} faster` : `ours ${formatRatio(ours / theirs)} slower`;
}

/** Which peers `ours` beats and which it does not, by median. */
function standings<T extends { readonly name: string }>(
  ours: number,
  peers: readonly T[],
  time: (row: T) => number,
): string {
  const beaten = peers.filter((peer) => ours < time(peer)).map((peer) => peer.name);
  const not = peers.filter((peer) => ours >= time(peer)).map((peer) => peer.name);
  return `faster than: ${beaten.join(', ') || 'none'}; not faster than: ${not.join(', ') || 'none'}`;
}

function fastest<T extends { readonly name: string }>(rows: readonly T[], time: (row: T) => number): T {
  const [first, ...rest] = rows;
  if (first === undefined) throw new Error('no peers measured');
  return rest.reduce((best, row) => (time(row) < time(best) ? row : best), first);
}

/** How far within the fastest peer issue 17 asks every executor row to be. */
const PEER_SLACK = 1.1;

/** Issue 17's target for one row: at most {@link PEER_SLACK} times the fastest peer's median. */
function withinOfFastestPeer<T extends { readonly name: string }>(
  label: string,
  ours: number,
  peer: T,
  time: (row: T) => number,
  format: (value: number) => string,
): TargetVerdict {
  const ratio = ours / time(peer);
  return {
    target: `${label} within ${PEER_SLACK}x the fastest peer (issue 17)`,
    pass: ratio <= PEER_SLACK,
    measured: `${format(ours)} vs ${peer.name} ${format(time(peer))} = ${formatRatio(ratio)}`,
  };
}

/** The issues' targets, each checked against the medians of this run. */
export function evaluateTargets(inputs: TargetInputs): TargetVerdict[] {
  const { reference, schemaCall, dtoCall, schemaBurst, dtoBurst, discovery } = inputs;
  const peerCall = fastest(inputs.peerCalls, (row) => row.medianNs);
  const peerBurst = fastest(inputs.peerBursts, (row) => row.medianMs);
  const schemaRatio = schemaCall.medianNs / reference.medianNs;
  const discoveryLimitMs = 250;
  return [
    {
      target: 'explicit-schema call (full executor, permission check) <= 3x ajv-validated direct call',
      pass: schemaRatio <= 3,
      measured: `${formatNs(schemaCall.medianNs)} vs ${formatNs(reference.medianNs)} = ${formatRatio(schemaRatio)} (limit 3x)`,
    },
    {
      target: 'explicit-schema call faster than every peer',
      pass: schemaCall.medianNs < peerCall.medianNs,
      measured: `${formatNs(schemaCall.medianNs)} vs fastest peer ${peerCall.name} ${formatNs(peerCall.medianNs)} (${compare(schemaCall.medianNs, peerCall.medianNs)})\n      ${standings(schemaCall.medianNs, inputs.peerCalls, (row) => row.medianNs)}`,
    },
    {
      target: 'DTO-class call no slower than the fastest peer',
      pass: dtoCall.medianNs <= peerCall.medianNs,
      measured: `${formatNs(dtoCall.medianNs)} vs fastest peer ${peerCall.name} ${formatNs(peerCall.medianNs)} (${compare(dtoCall.medianNs, peerCall.medianNs)})\n      ${standings(dtoCall.medianNs, inputs.peerCalls, (row) => row.medianNs)}`,
    },
    {
      target: '1,000-call burst (explicit schema) faster than every peer',
      pass: schemaBurst.medianMs < peerBurst.medianMs,
      measured: `${formatMs(schemaBurst.medianMs)} vs fastest peer ${peerBurst.name} ${formatMs(peerBurst.medianMs)} (${compare(schemaBurst.medianMs, peerBurst.medianMs)})\n      ${standings(schemaBurst.medianMs, inputs.peerBursts, (row) => row.medianMs)}`,
    },
    {
      target: '1,000-call burst (DTO class) faster than every peer',
      pass: dtoBurst.medianMs < peerBurst.medianMs,
      measured: `${formatMs(dtoBurst.medianMs)} vs fastest peer ${peerBurst.name} ${formatMs(peerBurst.medianMs)} (${compare(dtoBurst.medianMs, peerBurst.medianMs)})\n      ${standings(dtoBurst.medianMs, inputs.peerBursts, (row) => row.medianMs)}`,
    },
    withinOfFastestPeer('explicit-schema call', schemaCall.medianNs, peerCall, (row) => row.medianNs, formatNs),
    withinOfFastestPeer('DTO-class call', dtoCall.medianNs, peerCall, (row) => row.medianNs, formatNs),
    withinOfFastestPeer(
      '1,000-call burst (explicit schema)',
      schemaBurst.medianMs,
      peerBurst,
      (row) => row.medianMs,
      formatMs,
    ),
    withinOfFastestPeer('1,000-call burst (DTO class)', dtoBurst.medianMs, peerBurst, (row) => row.medianMs, formatMs),
    {
      target: `discovery + freeze of ${discovery.toolCount} tools < ${discoveryLimitMs} ms`,
      pass: discovery.medianMs < discoveryLimitMs,
      measured: `median ${formatMs(discovery.medianMs)} over ${discovery.rounds} containers (first ${formatMs(discovery.firstMs)}, max ${formatMs(discovery.maxMs)})`,
    },
  ];
}
