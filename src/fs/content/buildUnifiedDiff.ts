import { createRequire } from 'node:module';
import type { FILE_HEADERS_ONLY, formatPatch, structuredPatch, StructuredPatchHunk } from 'diff';

interface Jsdiff {
  readonly FILE_HEADERS_ONLY: typeof FILE_HEADERS_ONLY;
  readonly formatPatch: typeof formatPatch;
  readonly structuredPatch: typeof structuredPatch;
}

let jsdiff: Jsdiff | undefined;

/** jsdiff (its CommonJS build), required by the first diff: a host that never writes never loads it. */
function getJsdiff(): Jsdiff {
  jsdiff ??= createRequire(import.meta.url)('diff') as Jsdiff;
  return jsdiff;
}

const CONTEXT = 3;
const NO_NEWLINE = '\\ No newline at end of file';
/** Edit distance (lines added + removed) beyond which the middle of a diff is shown as one removal plus one addition. */
const MAX_EDIT_LENGTH = 2000;

/** A bounded unified diff, as write and edit results carry it. */
export interface UnifiedDiff {
  readonly diff: string;
  /** The diff was cut at `maxChars`. */
  readonly truncated: boolean;
  readonly added: number;
  readonly removed: number;
}

/** Lines of a text; the last one carries the no-newline marker when it has no line break. */
function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else lines[lines.length - 1] = `${lines.at(-1) ?? ''}\n${NO_NEWLINE}`;
  return lines;
}

/**
 * The hunk jsdiff would not compute (more than `MAX_EDIT_LENGTH` edits): the lines between the
 * common prefix and suffix all removed, then all added, with `CONTEXT` lines around them.
 */
function replaceMiddle(before: string, after: string): StructuredPatchHunk[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const from = Math.max(0, start - CONTEXT);
  const toA = Math.min(a.length, endA + CONTEXT);
  const oldLines = toA - from;
  const newLines = oldLines - (endA - start) + (endB - start);
  const lines = [
    ...a.slice(from, start).map((line) => ` ${line}`),
    ...a.slice(start, endA).map((line) => `-${line}`),
    ...b.slice(start, endB).map((line) => `+${line}`),
    ...a.slice(endA, toA).map((line) => ` ${line}`),
  ];
  // formatPatch writes start - 1 for an empty side, as diff -u does.
  return [{ oldStart: from + 1, oldLines, newStart: from + 1, newLines, lines }];
}

/**
 * The part of both texts jsdiff has to align: from `CONTEXT` lines before the first line that
 * differs to `CONTEXT` lines after the last one (cut at line breaks inside the common prefix and
 * suffix), and how many lines come before it. A small edit to a big file is then aligned in time
 * proportional to the edit, not to the file.
 */
function findWindow(a: string, b: string): { start: number; tail: number; skippedLines: number } {
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  start = a.lastIndexOf('\n', start - 1) + 1;
  for (let line = 0; line < CONTEXT && start > 0; line++) start = start === 1 ? 0 : a.lastIndexOf('\n', start - 2) + 1;
  let common = 0;
  while (common < shorter - start && a.charCodeAt(a.length - 1 - common) === b.charCodeAt(b.length - 1 - common))
    common++;
  let end = a.indexOf('\n', a.length - common) + 1;
  for (let line = 0; line < CONTEXT && end > 0; line++) end = a.indexOf('\n', end) + 1;
  let skippedLines = 0;
  for (let at = a.indexOf('\n'); at !== -1 && at < start; at = a.indexOf('\n', at + 1)) skippedLines++;
  return { start, tail: common === 0 || end === 0 ? 0 : a.length - end, skippedLines };
}

/**
 * The unified diff of `before` into `after` (LF texts), computed by jsdiff and cut at `maxChars`.
 * `maxEditLength` (tests lower it) bounds the work on texts too different to align line by line.
 */
export function buildUnifiedDiff(
  filePath: string,
  before: string,
  after: string,
  maxChars: number,
  maxEditLength = MAX_EDIT_LENGTH,
): UnifiedDiff {
  const diff = getJsdiff();
  const { start, tail, skippedLines } = findWindow(before, after);
  const a = before.slice(start, before.length - tail);
  const b = after.slice(start, after.length - tail);
  const hunks = (
    diff.structuredPatch(filePath, filePath, a, b, undefined, undefined, { context: CONTEXT, maxEditLength })?.hunks ??
    replaceMiddle(a, b)
  ).map((hunk) => ({
    ...hunk,
    oldStart: hunk.oldStart + skippedLines,
    newStart: hunk.newStart + skippedLines,
  }));
  if (hunks.length === 0) return { diff: '', truncated: false, added: 0, removed: 0 };
  const lines = hunks.flatMap((hunk) => hunk.lines);
  const added = lines.filter((line) => line.startsWith('+')).length;
  const removed = lines.filter((line) => line.startsWith('-')).length;
  const full = diff.formatPatch(
    { oldFileName: filePath, newFileName: filePath, oldHeader: undefined, newHeader: undefined, hunks },
    diff.FILE_HEADERS_ONLY,
  );
  if (full.length <= maxChars) return { diff: full, truncated: false, added, removed };
  return {
    diff: `${full.slice(0, maxChars)}\n[... diff cut at ${maxChars} characters]\n`,
    truncated: true,
    added,
    removed,
  };
}
