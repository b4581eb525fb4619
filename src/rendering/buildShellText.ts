import type { JsonObject, JsonValue } from '../values/JsonValue.js';
import { fitToBudget } from './fitToBudget.js';
import { isJsonObject } from './isJsonObject.js';

const SHELL_KEYS = ['exitCode', 'signal', 'stdout', 'stderr', 'timedOut', 'truncated'];
/** Present only when the sandbox's proxy refused hosts (`network: { allow }`). */
const OPTIONAL_KEYS = ['refusedHosts'];

interface ShellResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly truncated: boolean;
  readonly refusedHosts?: readonly string[];
}

function isShellResult(value: JsonValue): value is JsonObject & ShellResult {
  return isJsonObject(value) && hasShellFields(value);
}

function hasShellFields(value: JsonObject): value is JsonObject & ShellResult {
  const keys = Object.keys(value);
  const refused = value['refusedHosts'];
  return (
    SHELL_KEYS.every((key) => keys.includes(key)) &&
    keys.every((key) => SHELL_KEYS.includes(key) || OPTIONAL_KEYS.includes(key)) &&
    (refused === undefined || (Array.isArray(refused) && refused.every((host) => typeof host === 'string'))) &&
    (typeof value['exitCode'] === 'number' || value['exitCode'] === null) &&
    (typeof value['signal'] === 'string' || value['signal'] === null) &&
    typeof value['stdout'] === 'string' &&
    typeof value['stderr'] === 'string' &&
    typeof value['timedOut'] === 'boolean' &&
    typeof value['truncated'] === 'boolean'
  );
}

/**
 * The readable text of a `shell_exec` result (recognized by its shape): the exit status, the
 * timeout, truncation and refused-hosts notices, then stdout and stderr, each kept within its share of
 * `maxChars` (stderr gets up to a third) so a flood on one stream never hides the other.
 * `undefined` for any other value.
 */
export function buildShellText(value: JsonValue, maxChars: number): string | undefined {
  if (!isShellResult(value)) return undefined;
  const lines = [
    value.exitCode === null ? `killed by signal ${value.signal ?? 'unknown'}` : `exit code ${value.exitCode}`,
  ];
  if (value.timedOut)
    lines.push('[timed out: the command ran past its time limit and was stopped; its output is partial]');
  if (value.truncated) lines.push('[truncated: the output passed the size limit and was cut]');
  if (value.refusedHosts !== undefined && value.refusedHosts.length > 0) {
    const hosts = fitToBudget(value.refusedHosts.join(', '), Math.max(200, Math.floor(maxChars / 10)));
    lines.push(
      `[network: the sandbox's proxy refused ${hosts}: only the hosts the host allows are reachable; ask the user to allow one]`,
    );
  }
  if (value.stdout === '' && value.stderr === '') return [...lines, '(no output)'].join('\n');
  const room = Math.max(0, maxChars - lines.join('\n').length - 40);
  const stderrShare = Math.min(value.stderr.length, Math.floor(room / 3));
  const stdoutShare = Math.max(0, room - stderrShare);
  const stderrRoom = Math.max(stderrShare, room - Math.min(value.stdout.length, stdoutShare));
  if (value.stdout !== '') lines.push('--- stdout ---', fitToBudget(value.stdout, stdoutShare).replace(/\n$/, ''));
  if (value.stderr !== '') lines.push('--- stderr ---', fitToBudget(value.stderr, stderrRoom).replace(/\n$/, ''));
  return lines.join('\n');
}
