/**
 * The call mix of `npm run bench:load`: what kinds of model calls are made, how often, and in
 * which order. Deterministic (a fixed repeating pattern), so two runs make the same calls.
 */
export type CallKind =
  /** A plain tool call with no side effect: completes with its input text. */
  | 'echo'
  /** `fs_read_file` of one of the tree's files: completes with that file's marker line. */
  | 'read'
  /** `fs_list_directory` of the tree's docs directory: completes listing its files. */
  | 'list'
  /** `fs_read_file` outside the root: `permission_denied` (`outside_roots`), nothing run. */
  | 'deny'
  /** Input the schema refuses: `invalid_input`, nothing run. */
  | 'invalid'
  /** `fs_read_file` of a path that does not exist: `execution_failed` (`not_found`). */
  | 'missing'
  /** `fs_write_file` of a new file: approval asked and granted, the file written; then `fs_delete` of it, the same way. */
  | 'approve'
  /** `fs_write_file` of a new file: approval asked and refused; the file never exists. */
  | 'reject'
  /** `shell_exec` of `echo <marker>`: approval asked and granted; one child process runs and is reaped. */
  | 'shell';

/**
 * One repetition of the pattern: 100 units, weighted towards the cheap, common calls. The
 * costly ones set the run's length: an approved write + delete is ~10 ms of file system work,
 * and a shell command's spawn blocks the event loop for tens of ms on a loaded machine.
 */
const PATTERN: readonly CallKind[] = [
  ...Array<CallKind>(33).fill('echo'),
  ...Array<CallKind>(28).fill('read'),
  ...Array<CallKind>(2).fill('list'),
  ...Array<CallKind>(10).fill('deny'),
  ...Array<CallKind>(10).fill('invalid'),
  ...Array<CallKind>(4).fill('missing'),
  ...Array<CallKind>(5).fill('approve'),
  ...Array<CallKind>(7).fill('reject'),
  'shell',
];

/** Spreads each kind over the pattern instead of in one block: positions taken with a stride coprime with its length. */
function interleaved(pattern: readonly CallKind[]): CallKind[] {
  const stride = 7; // coprime with 100: every position is taken once
  return pattern.map((_, index) => pattern[(index * stride) % pattern.length] as CallKind);
}

export interface ScheduledUnit {
  readonly index: number;
  readonly kind: CallKind;
}

/**
 * Units (one kind each) whose model calls add up to exactly `totalCalls`: the pattern, with the
 * kinds `supported` leaves out dropped, repeated; near the end, a unit that would overshoot is
 * replaced by single-call units of the pattern's first single-call kind.
 */
export function buildSchedule(
  totalCalls: number,
  supported: readonly CallKind[],
  callsOf: (kind: CallKind) => number,
): ScheduledUnit[] {
  const pattern = interleaved(PATTERN).filter((kind) => supported.includes(kind));
  const single = pattern.find((kind) => callsOf(kind) === 1);
  if (single === undefined) throw new Error('the call mix needs at least one single-call kind');
  const units: ScheduledUnit[] = [];
  let calls = 0;
  for (let index = 0; calls < totalCalls; index += 1) {
    const wanted = pattern[index % pattern.length] as CallKind;
    const kind = calls + callsOf(wanted) <= totalCalls ? wanted : single;
    units.push({ index, kind });
    calls += callsOf(kind);
  }
  return units;
}
