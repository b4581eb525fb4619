import type { DemoState } from './DemoState.js';

const pad = (text: string, width: number): string => text.padEnd(width);

/** The closing table: every call, its outcome, its approval and its time, then the totals. */
export function formatSummary(state: DemoState): string {
  const header = ['#', 'tool', 'outcome', 'approval', 'ms'];
  const rows = state.records.map((record, index) => [
    String(index + 1),
    record.toolName,
    record.outcome,
    record.approval,
    String(record.ms),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => pad(cell, widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const count = (outcome: string): number => state.records.filter((record) => record.outcome === outcome).length;
  const asked = state.records.filter((record) => record.approval !== '-').length;
  const approved = state.records.filter((record) => record.approval === 'approved').length;
  const rejected = state.records.filter((record) => record.approval === 'rejected').length;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    `calls: ${state.records.length} (completed ${count('completed')}, error ${count('error')}, refused ${count('refused')}, rejected ${count('rejected')}, waiting ${count('waiting')})`,
    `approvals: ${asked} asked, ${approved} approved, ${rejected} rejected, ${asked - approved - rejected} open`,
    `time: ${(state.elapsedMs / 1000).toFixed(2)} s (waiting for you not counted)`,
  ].join('\n');
}
