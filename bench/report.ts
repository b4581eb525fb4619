import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { DiscoveryResult } from './discovery.js';
import { formatMs, formatNs, formatRatio, renderTable } from './format.js';
import type { BurstResult, PerCallResult } from './measure.js';
import type { TargetVerdict } from './targets.js';

const PEER_PACKAGES = [
  '@openai/agents',
  'ai',
  '@ai-sdk/provider-utils',
  '@langchain/core',
  '@modelcontextprotocol/sdk',
  'zod',
  'ajv',
  'inversify',
] as const;

/** The version Node resolves from bench/: the bench's own node_modules (the peers) first, then the repository's. */
function installedVersion(name: string): string {
  for (const folder of ['./node_modules/', '../node_modules/']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(`${folder}${name}/package.json`, import.meta.url), 'utf8')) as {
        version?: string;
      };
      return manifest.version ?? '?';
    } catch {
      // not in this folder
    }
  }
  return 'not installed';
}

export function describeEnvironment(): string {
  const cpu = cpus();
  const versions = PEER_PACKAGES.map((name) => `${name} ${installedVersion(name)}`).join(', ');
  return `Node ${process.version} on ${cpu[0]?.model ?? 'unknown CPU'} (${cpu.length} cores), ${describeLoad()}\n${versions}`;
}

/** Other processes compete for the CPU: the figures are only as quiet as the machine. */
export function describeLoad(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`;
}

export function renderPerCall(results: readonly PerCallResult[], reference: PerCallResult): string {
  const rows = results.map((row) => [
    row.name,
    formatNs(row.medianNs),
    `${formatNs(row.minNs)} - ${formatNs(row.maxNs)}`,
    formatRatio(row.medianNs / reference.medianNs),
    `${row.rounds} x ${row.batchSize}`,
  ]);
  return renderTable(
    ['one call (sequential)', 'median/op', 'batch range', `vs ${reference.name}`, 'rounds x calls'],
    rows,
  );
}

export function renderBursts(results: readonly BurstResult[], reference: BurstResult): string {
  const rows = results.map((row) => [
    row.name,
    formatMs(row.medianMs),
    `${formatMs(row.minMs)} - ${formatMs(row.maxMs)}`,
    formatNs((row.medianMs * 1e6) / row.size),
    formatRatio(row.medianMs / reference.medianMs),
    String(row.rounds),
  ]);
  const size = results[0]?.size ?? 0;
  return renderTable(
    [`burst of ${size} concurrent calls`, 'median total', 'range', 'per call', `vs ${reference.name}`, 'rounds'],
    rows,
  );
}

export function renderDiscovery(result: DiscoveryResult): string {
  const n = result.toolCount;
  const rows = [
    [`decorate ${n} classes with @Tool (once)`, formatMs(result.decorateMs), '', ''],
    [`bind ${n} classes + load agentkitModule()`, formatMs(result.bindMedianMs), '', String(result.rounds)],
    [
      `getAsync(TOOL_EXECUTOR): discovery + freeze`,
      formatMs(result.medianMs),
      `${formatMs(result.minMs)} - ${formatMs(result.maxMs)}`,
      String(result.rounds),
    ],
    [`  of which the first container in the process`, formatMs(result.firstMs), '', '1'],
  ];
  return renderTable([`${n} decorated tool classes`, 'median total', 'range', 'rounds'], rows);
}

export function renderVerdicts(verdicts: readonly TargetVerdict[]): string {
  return verdicts
    .map((verdict) => `${verdict.pass ? 'PASS' : 'FAIL'}  ${verdict.target}\n      ${verdict.measured}`)
    .join('\n');
}
