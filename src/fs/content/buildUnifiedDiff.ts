import { diffLines, type DiffLine } from './diffLines.js';

const CONTEXT = 3;
const NO_NEWLINE = '\\ No newline at end of file';

/** A bounded unified diff, as write and edit results carry it. */
export interface UnifiedDiff {
  readonly diff: string;
  /** The diff was cut at `maxChars`. */
  readonly truncated: boolean;
  readonly added: number;
  readonly removed: number;
}

/** Lines of a text; the last one is marked when it has no line break. */
function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else lines[lines.length - 1] = `${lines.at(-1) ?? ''}\n${NO_NEWLINE}`;
  return lines;
}

function renderLine(line: DiffLine): string {
  return `${line.op}${line.text}`;
}

/** Groups changed lines with `CONTEXT` lines around them into hunks. */
function buildHunks(lines: readonly DiffLine[]): string[] {
  const hunks: string[] = [];
  let index = 0;
  let oldLine = 1;
  let newLine = 1;
  const positions = lines.map((line) => {
    const at = { old: oldLine, new: newLine };
    if (line.op !== '+') oldLine++;
    if (line.op !== '-') newLine++;
    return at;
  });
  while (index < lines.length) {
    while (index < lines.length && lines[index]?.op === ' ') index++;
    if (index >= lines.length) break;
    const start = Math.max(0, index - CONTEXT);
    let end = index;
    let lastChange = index;
    while (end < lines.length && end - lastChange <= 2 * CONTEXT) {
      if (lines[end]?.op !== ' ') lastChange = end;
      end++;
    }
    end = Math.min(lines.length, lastChange + CONTEXT + 1);
    const slice = lines.slice(start, end);
    const first = positions[start] ?? { old: 1, new: 1 };
    const oldCount = slice.filter((line) => line.op !== '+').length;
    const newCount = slice.filter((line) => line.op !== '-').length;
    const oldStart = oldCount === 0 ? first.old - 1 : first.old;
    const newStart = newCount === 0 ? first.new - 1 : first.new;
    hunks.push([`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...slice.map(renderLine)].join('\n'));
    index = end;
  }
  return hunks;
}

/** The unified diff of `before` into `after` (LF texts), cut at `maxChars`. */
export function buildUnifiedDiff(filePath: string, before: string, after: string, maxChars: number): UnifiedDiff {
  const lines = diffLines(splitLines(before), splitLines(after));
  const added = lines.filter((line) => line.op === '+').length;
  const removed = lines.filter((line) => line.op === '-').length;
  const hunks = buildHunks(lines);
  if (hunks.length === 0) return { diff: '', truncated: false, added, removed };
  const full = [`--- ${filePath}`, `+++ ${filePath}`, ...hunks].join('\n') + '\n';
  if (full.length <= maxChars) return { diff: full, truncated: false, added, removed };
  return { diff: `${full.slice(0, maxChars)}\n[... diff cut at ${maxChars} characters]\n`, truncated: true, added, removed };
}
