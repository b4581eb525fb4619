import type { MetadataMap } from '../values/JsonValue.js';
import { formatCount } from '../kernel/index.js';

interface ReadPage {
  readonly totalLines: number;
  readonly offset: number;
  readonly limit: number;
  readonly nextOffset?: number;
  readonly cutLines: readonly number[];
}

/** Room kept for the notices after the lines of a page. */
const NOTICE_ROOM = 400;

/** The leading lines that fit in `budget` characters (joined by newlines); at least one line. */
function keepWholeLines(lines: readonly string[], budget: number): readonly string[] {
  let used = 0;
  for (let index = 0; index < lines.length; index++) {
    used += (lines[index] as string).length + 1;
    if (used > budget && index > 0) return lines.slice(0, index);
  }
  return lines;
}

/** The paging facts of an `fs_read_file` text result, or `undefined` when `metadata` is not one. */
function readPage(metadata: MetadataMap): ReadPage | undefined {
  const { totalLines, offset, limit, nextOffset, cutLines, truncated } = metadata;
  if (
    typeof totalLines !== 'number' ||
    typeof offset !== 'number' ||
    typeof limit !== 'number' ||
    typeof truncated !== 'boolean'
  )
    return undefined;
  if (nextOffset !== undefined && typeof nextOffset !== 'number') return undefined;
  const cut = Array.isArray(cutLines) ? cutLines.filter((line): line is number => typeof line === 'number') : [];
  return { totalLines, offset, limit, ...(nextOffset === undefined ? {} : { nextOffset }), cutLines: cut };
}

/**
 * The text of an `fs_read_file` page (recognized by its metadata `{ totalLines, offset, limit,
 * nextOffset?, truncated }`): `cat -n` style line numbers from `offset` (unless `lineNumbers`
 * is false), then a notice when the page is not the whole file ("lines 1-2000 of 5,234; call
 * again with offset 2001") and one naming the lines cut for length. `undefined` otherwise.
 */
export function buildReadFileText(
  text: string,
  metadata: MetadataMap,
  lineNumbers: boolean,
  maxChars = Number.POSITIVE_INFINITY,
): string | undefined {
  const page = readPage(metadata);
  if (page === undefined) return undefined;
  const all = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const numbered = lineNumbers ? all.map((line, index) => `${String(page.offset + index).padStart(6)}\t${line}`) : all;
  // A page that does not fit is shortened to whole lines (never cut in the middle), and the
  // paging notice names the next line to ask for, so nothing is lost to the model.
  const body = keepWholeLines(numbered, maxChars - NOTICE_ROOM);
  const shortened = body.length < numbered.length;
  const nextOffset = shortened ? page.offset + body.length : page.nextOffset;
  const notices: string[] = [];
  if (page.totalLines === 0) notices.push('(empty file)');
  const last = page.offset + body.length - 1;
  if (page.totalLines > 0 && (page.offset > 1 || nextOffset !== undefined)) {
    const shown = body.length === 0 ? 'no lines' : `lines ${formatCount(page.offset)}-${formatCount(last)}`;
    const next = nextOffset === undefined ? 'this is the end of the file' : `call again with offset ${nextOffset}`;
    const why = shortened ? ' (the page was shortened to fit the answer)' : '';
    notices.push(`[${shown} of ${formatCount(page.totalLines)}${why}; ${next}]`);
  }
  if (page.cutLines.length > 0) {
    const plural = page.cutLines.length === 1 ? 'line' : 'lines';
    notices.push(`[${plural} ${page.cutLines.join(', ')} cut: too long to show whole]`);
  }
  return [...body, ...notices].join('\n');
}
