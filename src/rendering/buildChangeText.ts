import type { JsonObject, JsonValue } from '../values/JsonValue.js';
import { toDisplayPath } from './findCommonDirectory.js';
import { fitToBudget } from './fitToBudget.js';
import { formatCount } from '../kernel/index.js';
import { isJsonObject } from './isJsonObject.js';

const EDIT_KEYS = ['path', 'replacements', 'diff', 'diffTruncated'];
const WRITE_KEYS = ['path', 'created', 'bytes', 'createdDirectories', 'diff', 'diffTruncated'];

function hasExactly(value: JsonObject, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => own.includes(key));
}

function isChange(value: JsonObject): boolean {
  return (
    typeof value['path'] === 'string' &&
    typeof value['diff'] === 'string' &&
    typeof value['diffTruncated'] === 'boolean'
  );
}

function isEdit(value: JsonObject): boolean {
  return hasExactly(value, EDIT_KEYS) && isChange(value) && typeof value['replacements'] === 'number';
}

function isWrite(value: JsonObject): boolean {
  const directories = value['createdDirectories'];
  return (
    hasExactly(value, WRITE_KEYS) &&
    isChange(value) &&
    typeof value['created'] === 'boolean' &&
    typeof value['bytes'] === 'number' &&
    Array.isArray(directories) &&
    directories.every((directory) => typeof directory === 'string')
  );
}

function plural(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The readable text of an `fs_edit_file` or `fs_write_file` result (recognized by its shape):
 * what changed, in one line, then the unified diff, kept within `maxChars`, with a notice when
 * the tool itself shortened the diff. `undefined` for any other value.
 */
export function buildChangeText(value: JsonValue, maxChars: number, root: string | undefined): string | undefined {
  if (!isJsonObject(value) || !(isEdit(value) || isWrite(value))) return undefined;
  const path = toDisplayPath(value['path'] as string, root);
  const lines: string[] = [];
  if ('replacements' in value) {
    lines.push(`edited ${path} (${plural(value['replacements'] as number, 'replacement')})`);
  } else {
    lines.push(
      `${value['created'] === true ? 'created' : 'overwrote'} ${path} (${plural(value['bytes'] as number, 'byte')})`,
    );
    const directories = value['createdDirectories'] as string[];
    if (directories.length > 0)
      lines.push(`created directories: ${directories.map((directory) => toDisplayPath(directory, root)).join(', ')}`);
  }
  const diff = value['diff'] as string;
  if (value['diffTruncated'] === true)
    lines.push('[the diff was shortened by the tool; read the file to see all of it]');
  if (diff !== '')
    lines.push(fitToBudget(diff, Math.max(0, maxChars - lines.join('\n').length - 1)).replace(/\n$/, ''));
  return lines.join('\n');
}
