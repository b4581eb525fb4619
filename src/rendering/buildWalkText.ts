import type { JsonObject, JsonValue } from '../values/JsonValue.js';
import { findCommonDirectory, toDisplayPath } from './findCommonDirectory.js';
import { formatCount } from '../kernel/index.js';
import { isJsonObject } from './isJsonObject.js';

interface Entry {
  readonly path: string;
  readonly kind: string;
  readonly size?: number;
}
interface Match {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

function isEntry(value: JsonValue): value is JsonObject & Entry {
  return (
    isJsonObject(value) &&
    typeof value['path'] === 'string' &&
    typeof value['kind'] === 'string' &&
    (value['size'] === undefined || typeof value['size'] === 'number')
  );
}

function isMatch(value: JsonValue): value is JsonObject & Match {
  return (
    isJsonObject(value) &&
    typeof value['path'] === 'string' &&
    typeof value['line'] === 'number' &&
    typeof value['text'] === 'string'
  );
}

function showEntry(entry: Entry, root: string | undefined): string {
  const path = toDisplayPath(entry.path, root);
  switch (entry.kind) {
    case 'directory':
      return `${path}/`;
    case 'symlink':
      return `${path}@`;
    case 'file':
      return entry.size === undefined ? path : `${path} (${formatCount(entry.size)} bytes)`;
    default:
      return `${path} (${entry.kind})`;
  }
}

const SKIP_NOTES: Readonly<Record<string, (count: string) => string>> = {
  skippedHardLinks: (count) => `${count} hard-linked files skipped (a hard link may lead outside the workspace)`,
  skippedIgnored: (count) =>
    `${count} entries skipped: .git and what .gitignore ignores (an ignored directory counts once); set includeIgnored to include them`,
  unreadIgnoreFiles: (count) => `${count} .gitignore files not read (a link, protected or too large)`,
};

/** Notices for `truncated` and every other field the walk reported (skip counts, ...). */
function buildNotices(value: JsonObject, known: readonly string[], what: string): string[] {
  const notices: string[] = [];
  if (value['truncated'] === true)
    notices.push(`[truncated: more ${what} exist than shown; narrow the path or pattern, or raise limit]`);
  for (const [key, field] of Object.entries(value)) {
    if (known.includes(key) || key === 'truncated') continue;
    const note = typeof field === 'number' ? SKIP_NOTES[key] : undefined;
    notices.push(note === undefined ? `[${key}: ${JSON.stringify(field)}]` : `[${note(formatCount(field as number))}]`);
  }
  return notices;
}

function header(count: number, [one, many]: readonly [string, string], root: string | undefined): string {
  const counted = `${formatCount(count)} ${count === 1 ? one : many}`;
  const where = root === undefined ? counted : `${counted} in ${root}`;
  return count === 0 ? where : `${where}:`;
}

/**
 * The compact text of a `fs_list_directory`, `fs_glob` or `fs_grep` result (recognized by its
 * shape), paths relative to `root` (default: their common directory, named in the first line),
 * one per line; `undefined` for any other value.
 */
export function buildWalkText(value: JsonValue, root?: string): string | undefined {
  if (!isJsonObject(value) || typeof value['truncated'] !== 'boolean') return undefined;
  const { entries, paths, matches } = value;
  if (Array.isArray(entries) && entries.every(isEntry)) {
    const base = root ?? findCommonDirectory(entries.map((entry) => entry.path));
    return [
      header(entries.length, ['entry', 'entries'], base),
      ...entries.map((entry) => showEntry(entry, base)),
      ...buildNotices(value, ['entries'], 'entries'),
    ].join('\n');
  }
  if (Array.isArray(paths) && paths.every((path) => typeof path === 'string')) {
    const base = root ?? findCommonDirectory(paths);
    return [
      header(paths.length, ['path', 'paths'], base),
      ...paths.map((path) => toDisplayPath(path, base)),
      ...buildNotices(value, ['paths'], 'paths'),
    ].join('\n');
  }
  if (Array.isArray(matches) && matches.every(isMatch)) {
    const base = root ?? findCommonDirectory(matches.map((match) => match.path));
    const lines = matches.map((match) => `${toDisplayPath(match.path, base)}:${match.line}: ${match.text}`);
    return [
      header(matches.length, ['match', 'matches'], base),
      ...lines,
      ...buildNotices(value, ['matches'], 'matches'),
    ].join('\n');
  }
  return undefined;
}
