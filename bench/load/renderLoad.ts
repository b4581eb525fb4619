import { formatMs, renderTable } from '../format.js';
import type { WatchedProcess } from './LoadSection.js';
import { quantile, type LoadResult } from './runLoad.js';
import type { Reading } from './takeReading.js';

/** A signed figure: `+1.2`, `-0.4`, `+0`. */
export function signed(value: number, digits = 0): string {
  const text = value.toFixed(digits);
  return value < 0 || text.startsWith('-') ? text : `+${text}`;
}

/** One line: calls, time, throughput, p50, p99, lost. */
export function renderLoadSummary(result: LoadResult): string {
  const seconds = result.elapsedMs / 1000;
  return `${result.target}: ${result.calls} calls in ${seconds.toFixed(1)} s = ${Math.round(result.calls / seconds)} calls/s, p50 ${formatMs(quantile(result.latenciesMs, 0.5))}, p99 ${formatMs(quantile(result.latenciesMs, 0.99))}, ${result.lost} lost`;
}

/** The summary, then p50 and p99 per kind, then why calls were lost (the first few). */
export function renderLoadResult(result: LoadResult): string {
  const rows = result.perKind.map((entry) => [
    entry.kind,
    String(entry.units),
    String(entry.calls),
    String(entry.lost),
    formatMs(quantile(entry.latenciesMs, 0.5)),
    formatMs(quantile(entry.latenciesMs, 0.99)),
  ]);
  rows.push([
    'all',
    String(result.perKind.reduce((sum, entry) => sum + entry.units, 0)),
    String(result.calls),
    String(result.lost),
    formatMs(quantile(result.latenciesMs, 0.5)),
    formatMs(quantile(result.latenciesMs, 0.99)),
  ]);
  const lost = result.lostSamples.map((sample) => `  lost: ${sample}`);
  return [
    renderLoadSummary(result),
    renderTable(['kind (latency per call)', 'units', 'calls', 'lost', 'p50', 'p99'], rows),
    ...lost,
  ].join('\n');
}

/** Before / after (/ after the retention window) and the differences, for one watched process. */
export function renderReadings(title: string, watched: WatchedProcess): string {
  const { before, after, afterRetention, approvalsHeld } = watched;
  const withApprovals = approvalsHeld !== undefined;
  const row = (name: string, reading: Reading, approvals: number | undefined): string[] => [
    name,
    reading.heapMb.toFixed(1),
    String(reading.fds),
    `${reading.sockets} (${reading.staleSockets})`,
    String(reading.children),
    reading.rssMb.toFixed(1),
    ...(withApprovals ? [String(approvals)] : []),
  ];
  const change = (name: string, from: Reading, to: Reading, approvals: number | undefined): string[] => [
    name,
    signed(to.heapMb - from.heapMb, 1),
    signed(to.fds - from.fds),
    `${signed(to.sockets - from.sockets)} (${signed(to.staleSockets - from.staleSockets)})`,
    signed(to.children - from.children),
    signed(to.rssMb - from.rssMb, 1),
    ...(withApprovals ? [approvals === undefined ? '' : signed(approvals)] : []),
  ];
  const rows = [
    row('before (after warm-up)', before, approvalsHeld?.before),
    row('after', after, approvalsHeld?.after),
  ];
  if (afterRetention !== undefined)
    rows.push(row('after the approval retention window', afterRetention, approvalsHeld?.afterRetention));
  rows.push(
    change(
      'difference after - before',
      before,
      after,
      withApprovals ? approvalsHeld.after - approvalsHeld.before : undefined,
    ),
  );
  if (afterRetention !== undefined)
    rows.push(
      change(
        'difference after retention - before',
        before,
        afterRetention,
        approvalsHeld?.afterRetention === undefined ? undefined : approvalsHeld.afterRetention - approvalsHeld.before,
      ),
    );
  const header = [
    title,
    `${watched.heapLabel} MB`,
    'fds (no TCP)',
    'TCP sockets (stale)',
    'children',
    'RSS MB',
    ...(withApprovals ? ['approvals held'] : []),
  ];
  return renderTable(header, rows);
}
