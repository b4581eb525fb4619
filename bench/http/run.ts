import { pathToFileURL } from 'node:url';
import { formatRatio, renderTable } from '../format.js';
import { median } from '../measure.js';
import { describeLoad } from '../report.js';
import { startAgentkitHttp, startEverythingHttp, type HttpEchoServer } from './httpEchoSubjects.js';

/** The target: our echo throughput with 8 clients at least 1.6x server-everything's (issue 18). */
export const HTTP_TARGET = { throughputVsEverything: 1.6 } as const;
const CLIENTS = 8;
const ROUND = { calls: 400, warmupRounds: 2, rounds: 15 } as const;

interface RoundResult {
  readonly callsPerSecond: number;
  readonly latenciesMs: number[];
}

interface HttpRow {
  readonly name: string;
  readonly rounds: RoundResult[];
}

/** `calls` echoes spread over the clients, each client calling one after another: the wall time and every call's latency. */
async function runRound(clients: readonly { echo(): Promise<void> }[], calls: number): Promise<RoundResult> {
  const latenciesMs: number[] = [];
  let left = calls;
  const began = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (left > 0) {
        left -= 1;
        const start = performance.now();
        await client.echo();
        latenciesMs.push(performance.now() - start);
      }
    }),
  );
  return { callsPerSecond: (calls * 1000) / (performance.now() - began), latenciesMs };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summarize(row: HttpRow): { throughput: number; p50: number; p99: number } {
  const all = row.rounds.flatMap((round) => round.latenciesMs).sort((a, b) => a - b);
  return {
    throughput: median(row.rounds.map((round) => round.callsPerSecond)),
    p50: percentile(all, 50),
    p99: percentile(all, 99),
  };
}

/**
 * `npm run bench -- http`: echo through `serve --http` (our `serveHttp`, bearer auth, the
 * executor's whole path) against `@modelcontextprotocol/server-everything`'s own Streamable
 * HTTP echo, each in its own process, 8 SDK clients (one session each) calling concurrently.
 * A third row serves the same in JSON-response mode (`jsonResponse: true`). Rounds alternate
 * between the servers; throughput is the median over rounds, p50/p99 over every call measured,
 * and each ratio is paired (median of per-round ratios against server-everything's round just
 * before); the verdict uses the default mode's (SSE streams, but an echo, answered at once, is
 * sent as one JSON body: see `serveHttp`).
 */
export async function runHttpBench(
  log: (line: string) => void = console.log,
): Promise<{ pass: boolean; report: string }> {
  log(`http: ${describeLoad()}`);
  const servers: HttpEchoServer[] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    servers.push(await startEverythingHttp(), await startAgentkitHttp(), await startAgentkitHttp(true));
    const fleets = await Promise.all(
      servers.map(async (server) => Promise.all(Array.from({ length: CLIENTS }, () => server.connect()))),
    );
    for (const fleet of fleets) for (const client of fleet) closers.push(() => client.close());
    const rows: HttpRow[] = servers.map((server) => ({ name: server.name, rounds: [] }));
    log(
      `http: ${CLIENTS} clients per server, ${ROUND.rounds} alternating rounds of ${ROUND.calls} echo calls (after ${ROUND.warmupRounds} warm-up rounds) ...`,
    );
    for (let round = 0; round < ROUND.warmupRounds + ROUND.rounds; round += 1) {
      for (const [index, fleet] of fleets.entries()) {
        const result = await runRound(fleet, ROUND.calls);
        if (round >= ROUND.warmupRounds) rows[index]?.rounds.push(result);
      }
    }
    const [theirs, ours] = rows as [HttpRow, HttpRow, HttpRow];
    const pairedWith = (row: HttpRow): number =>
      median(
        row.rounds.map((round, index) => round.callsPerSecond / (theirs.rounds[index]?.callsPerSecond ?? Number.NaN)),
      );
    const paired = pairedWith(ours);
    const format = (ms: number): string => `${ms.toFixed(2)} ms`;
    const table = renderTable(
      [
        `echo, ${CLIENTS} concurrent clients`,
        'calls/s (median)',
        'p50',
        'p99',
        'vs server-everything (paired)',
        'rounds x calls',
      ],
      rows.map((row) => {
        const { throughput, p50, p99 } = summarize(row);
        return [
          row.name,
          throughput.toFixed(0),
          format(p50),
          format(p99),
          row === theirs ? '1.00x' : formatRatio(pairedWith(row)),
          `${row.rounds.length} x ${ROUND.calls}`,
        ];
      }),
    );
    const pass = paired >= HTTP_TARGET.throughputVsEverything;
    const report = `${table}\n\nTarget: serve --http echo throughput >= ${HTTP_TARGET.throughputVsEverything}x server-everything's: ${formatRatio(paired)} paired -> ${pass ? 'PASS' : 'FAIL'}\n\nAt the end: ${describeLoad()}`;
    log(report);
    return { pass, report };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    for (const server of servers) await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runHttpBench();
  process.exitCode = result.pass ? 0 : 1;
}
