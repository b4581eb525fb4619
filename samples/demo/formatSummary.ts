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
  // Each pause ends approved, rejected (which ends its call) or still open (its call waiting).
  const asked = state.records.reduce((sum, record) => sum + record.pauses, 0);
  const rejected = state.records.filter((record) => record.approval === 'rejected').length;
  const open = count('waiting');
  const approved = asked - rejected - open;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    `calls: ${state.records.length} (completed ${count('completed')}, error ${count('error')}, refused ${count('refused')}, rejected ${count('rejected')}, waiting ${count('waiting')})`,
    `approvals: ${asked} asked, ${approved} approved, ${rejected} rejected, ${open} open`,
    `time: ${(state.elapsedMs / 1000).toFixed(2)} s (waiting for you not counted)`,
  ].join('\n');
}
