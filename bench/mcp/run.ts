import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMcpReadSubject, type ReadSubject } from '../fs/readSubjects.js';
import { READ_SIZES, SETTLE_MS, textOfSize, writeCopies } from '../fs/readFiles.js';
import { formatNs, formatRatio, renderTable } from '../format.js';
import { measurePerCall, pairedRatio, type PerCallResult } from '../measure.js';
import { describeLoad } from '../report.js';
import {
  createAgentkitEchoSubject,
  createSdkEchoSubject,
  type EchoBenchSubject,
  type EchoTransportKind,
} from './echoSubjects.js';
import { connectToServe, createServeReadSubject } from './serveReadSubjects.js';

/** The targets: a remote echo through us at most 1.10x the SDK's callTool; our serve faster than server-filesystem. */
export const MCP_TARGETS = { echoVsSdk: 1.1, serveVsFilesystem: 1 } as const;
const ECHO = { warmupMs: 1000, batchMs: 25, rounds: 41 } as const;
const READ = { warmupMs: 400, batchMs: 30, rounds: 15 } as const;

export interface McpVerdict {
  readonly target: string;
  readonly measured: string;
  readonly pass: boolean;
}

export interface McpBenchResult {
  readonly rows: readonly PerCallResult[];
  readonly verdicts: readonly McpVerdict[];
  readonly pass: boolean;
  readonly report: string;
}

async function compareEcho(
  kind: EchoTransportKind,
  log: (line: string) => void,
): Promise<[PerCallResult, PerCallResult]> {
  const subjects: EchoBenchSubject[] = [];
  try {
    subjects.push(await createSdkEchoSubject(kind), await createAgentkitEchoSubject(kind));
    const [sdk, ours] = subjects as [EchoBenchSubject, EchoBenchSubject];
    if ((await sdk.echo()) !== (await ours.echo())) throw new Error(`the ${kind} subjects echo different texts`);
    log(`mcp: remote echo (${kind}), ${ECHO.rounds} round-robin rounds of ~${ECHO.batchMs} ms batches ...`);
    return (await measurePerCall([sdk, ours], ECHO)) as [PerCallResult, PerCallResult];
  } finally {
    for (const subject of subjects) await subject.close();
  }
}

async function compareReads(log: (line: string) => void): Promise<[PerCallResult, PerCallResult][]> {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-mcp-bench-')));
  const closers: (() => Promise<void>)[] = [];
  try {
    const copies = new Map(READ_SIZES.map(([, stem, bytes]) => [stem, writeCopies(root, stem, bytes)]));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const client = await connectToServe(root);
    closers.push(() => client.close());
    const pairs: [PerCallResult, PerCallResult][] = [];
    for (const [label, stem, bytes] of READ_SIZES) {
      const theirs = await createMcpReadSubject(root, copies.get(stem) ?? [], label);
      closers.push(() => theirs.close?.() ?? Promise.resolve());
      const ours = createServeReadSubject(client, copies.get(stem) ?? [], label);
      for (const subject of [theirs, ours] as ReadSubject[]) {
        if ((await subject.readText()) !== textOfSize(bytes))
          throw new Error(`${subject.name} did not read the whole file`);
      }
      log(`mcp: reading ${label} over stdio, ${READ.rounds} round-robin rounds ...`);
      pairs.push((await measurePerCall([theirs, ours], READ)) as [PerCallResult, PerCallResult]);
    }
    return pairs;
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The MCP benchmark: a remote echo through `mcpServers` + the executor against the SDK's own
 * `Client.callTool` (in memory, and server-everything over stdio); our `agentkit-tools serve`
 * against `@modelcontextprotocol/server-filesystem` reading whole 64 KiB and 1 MiB files over
 * stdio with the SDK client. Servers are stopped and the temp directory removed at the end.
 */
export async function runMcpBench(log: (line: string) => void = console.log): Promise<McpBenchResult> {
  log(`mcp: ${describeLoad()}`);
  const echoes = [await compareEcho('in-memory', log), await compareEcho('stdio', log)];
  const reads = await compareReads(log);
  // Verdicts use the paired ratio (median over rounds of the two batch means measured back to
  // back): on this shared machine the medians drift apart by several percent between runs, the
  // paired ratio much less. The ratio of the medians is shown beside it.
  const measured = (ours: PerCallResult, peer: PerCallResult, what: string): { ratio: number; text: string } => {
    const ratio = pairedRatio(ours, peer);
    return {
      ratio,
      text: `${formatRatio(ratio)} paired${what} (ratio of medians ${formatRatio(ours.medianNs / peer.medianNs)}: ${formatNs(ours.medianNs)} vs ${formatNs(peer.medianNs)})`,
    };
  };
  const verdicts: McpVerdict[] = [
    ...echoes.map(([sdk, ours], index): McpVerdict => {
      const { ratio, text } = measured(ours, sdk, '');
      const kind = index === 0 ? 'in-memory' : 'stdio';
      return {
        target: `remote echo (${kind}) <= ${MCP_TARGETS.echoVsSdk}x SDK callTool`,
        measured: text,
        pass: ratio <= MCP_TARGETS.echoVsSdk,
      };
    }),
    ...reads.map(([theirs, ours], index): McpVerdict => {
      const { ratio, text } = measured(ours, theirs, ' of its time');
      const size = index === 0 ? '64 KiB' : '1 MiB';
      return {
        target: `serve fs_read_file ${size} faster than server-filesystem`,
        measured: text,
        pass: ratio < MCP_TARGETS.serveVsFilesystem,
      };
    }),
  ];
  const rows = [...echoes.flat(), ...reads.flat()];
  const table = renderTable(
    ['one call (sequential)', 'median/op', 'batch range', 'vs peer (medians)', 'vs peer (paired)', 'rounds x calls'],
    [...echoes, ...reads].flatMap(([peer, ours]) =>
      [peer, ours].map((row) => [
        row.name,
        formatNs(row.medianNs),
        `${formatNs(row.minNs)} - ${formatNs(row.maxNs)}`,
        formatRatio(row.medianNs / peer.medianNs),
        formatRatio(pairedRatio(row, peer)),
        `${row.rounds} x ${row.batchSize}`,
      ]),
    ),
  );
  const verdictTable = renderTable(
    ['target', 'measured', 'verdict'],
    verdicts.map((row) => [row.target, row.measured, row.pass ? 'PASS' : 'FAIL']),
  );
  const report = `${table}\n\nMCP targets (paired ratios of this run)\n${verdictTable}\n\nAt the end: ${describeLoad()}`;
  log(report);
  return { rows, verdicts, pass: verdicts.every((row) => row.pass), report };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runMcpBench();
  process.exitCode = result.pass ? 0 : 1;
}
