/** One line of a line diff: kept (` `), removed (`-`) or added (`+`). */
export interface DiffLine {
  readonly op: ' ' | '-' | '+';
  readonly text: string;
}

/** Edit distance beyond which the middle of a diff is shown as one removal plus one addition. */
const MAX_EDIT_DISTANCE = 2000;

/**
 * Myers' O(ND) diff of the lines between the common prefix and suffix. Returns `undefined`
 * when the edit distance exceeds `maxDistance`. Keeps only the window of each step's frontier
 * that backtracking needs, so memory is O(D^2).
 */
function myers(a: readonly string[], b: readonly string[], maxDistance: number): DiffLine[] | undefined {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxDistance);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
      let x = down ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b);
    }
  }
  return undefined;
}

function backtrack(trace: readonly Int32Array[], a: readonly string[], b: readonly string[]): DiffLine[] {
  const lines: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const frontier = trace[d] as Int32Array;
    const at = (k: number): number => frontier[k + d + 1] as number;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      lines.push({ op: ' ', text: a[--x] as string });
      y--;
    }
    if (d > 0) {
      if (x === prevX) lines.push({ op: '+', text: b[--y] as string });
      else lines.push({ op: '-', text: a[--x] as string });
    }
  }
  return lines.reverse();
}

/** A line diff of `a` into `b`: common prefix and suffix, Myers in between. */
export function diffLines(a: readonly string[], b: readonly string[], maxDistance = MAX_EDIT_DISTANCE): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const keep = (lines: readonly string[]): DiffLine[] => lines.map((text) => ({ op: ' ', text }));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const middle = myers(middleA, middleB, maxDistance) ?? [
    ...middleA.map((text): DiffLine => ({ op: '-', text })),
    ...middleB.map((text): DiffLine => ({ op: '+', text })),
  ];
  return [...keep(a.slice(0, start)), ...middle, ...keep(a.slice(endA))];
}
