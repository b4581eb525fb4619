import { isSecretName } from './isSecretName.js';
import type { HostEnvironmentOptions } from './HostEnvironmentOptions.js';

/**
 * What every child process (shell commands, MCP servers) inherits by default (plus every `LC_*`).
 * @internal
 */
export const BASE_ENV_NAMES: readonly string[] = Object.freeze([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'TMPDIR',
]);
const BASE_ENV_PREFIXES: readonly string[] = Object.freeze(['LC_']);

/**
 * The environment child processes (shell commands, MCP servers) start from (security.md, Environment): an allow-list, never the whole parent environment.
 * It starts empty and takes from `source` the base names, `LC_*`, and the names the host lists
 * in `inherit` (exact names, or prefixes ending in `*`). Names that look like secrets are
 * dropped unless the host lists that exact name. `set` values are added last.
 * @internal
 */
export function buildHostEnvironment(
  source: NodeJS.ProcessEnv,
  options: HostEnvironmentOptions = {},
): Record<string, string> {
  const exact = new Set([...BASE_ENV_NAMES, ...(options.inherit ?? []).filter((name) => !name.endsWith('*'))]);
  const named = new Set((options.inherit ?? []).filter((name) => !name.endsWith('*')));
  const prefixes = [
    ...BASE_ENV_PREFIXES,
    ...(options.inherit ?? []).filter((name) => name.endsWith('*')).map((name) => name.slice(0, -1)),
  ];
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const listed = exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
    if (!listed) continue;
    if (isSecretName(name) && !named.has(name)) continue;
    env[name] = value;
  }
  return { ...env, ...options.set };
}
