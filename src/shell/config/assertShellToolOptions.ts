import { ToolConfigurationError } from '../../index.js';
import { assertKnownKeys, type HostEnvironmentOptions } from '../../internal/index.js';
import { SHELL_SANDBOX_MODES } from '../sandbox/ShellSandboxMode.js';
import type { ShellNetworkOption, ShellSandboxOptions } from '../sandbox/ShellSandboxOptions.js';
import type { ShellToolOptions } from './ShellToolOptions.js';

/**
 * Every option of `shellTools`, so adding one to the interface without listing it here fails to
 * compile. `sandbox` and `network` are listed on their own as well, so they are known whichever
 * way the interface declares them.
 */
const OPTION_KEYS: Readonly<Record<keyof ShellToolOptions, true> & Record<'sandbox' | 'network', true>> = {
  cwd: true,
  roots: true,
  env: true,
  timeoutMs: true,
  maxOutputBytes: true,
  hardOutputLimitBytes: true,
  maxConcurrent: true,
  killGraceMs: true,
  sandbox: true,
  network: true,
  warmSandbox: true,
};
const NETWORK_KEYS: Readonly<Record<keyof Exclude<ShellNetworkOption, boolean>, true>> = { allow: true };
const ENV_KEYS: Readonly<Record<keyof HostEnvironmentOptions, true>> = { inherit: true, set: true };
const SANDBOX_KEYS: Readonly<Record<keyof ShellSandboxOptions, true>> = { mode: true, readable: true, network: true };

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  // JSON.stringify gives undefined for functions and undefined (its type says string).
  return value === undefined || typeof value === 'function' ? typeof value : JSON.stringify(value);
}

function isMode(value: unknown): boolean {
  return (SHELL_SANDBOX_MODES as readonly unknown[]).includes(value);
}

/** `network`, at the top level or in the sandbox object: `false`, `true` or `{ allow: [...] }` (the patterns are checked later). */
function assertNetworkOption(network: unknown, where: string): void {
  if (network === undefined || typeof network === 'boolean') return;
  if (!isRecord(network) || !Array.isArray(network['allow'])) {
    throw new ToolConfigurationError(
      `${where} must be false, true or { allow: [host patterns] }; got ${show(network)}.`,
    );
  }
  assertKnownKeys(network, Object.keys(NETWORK_KEYS), where);
}

/** The object form `{ mode, readable?, network? }`; `readable`'s paths are checked against the disk later. */
function assertSandboxObject(sandbox: Readonly<Record<string, unknown>>, topLevelNetwork: unknown): void {
  assertKnownKeys(sandbox, Object.keys(SANDBOX_KEYS), 'shellTools({ sandbox })');
  const { mode, readable, network } = sandbox;
  if (!isMode(mode)) {
    throw new ToolConfigurationError(
      `shellTools({ sandbox: { mode } }) must be "auto", "required" or "off"; got ${show(mode)}.`,
    );
  }
  if (readable !== undefined && (!Array.isArray(readable) || readable.some((entry) => typeof entry !== 'string'))) {
    throw new ToolConfigurationError(
      `shellTools({ sandbox: { readable } }) must be an array of absolute paths; got ${show(readable)}.`,
    );
  }
  assertNetworkOption(network, 'shellTools({ sandbox: { network } })');
  if (network !== undefined && topLevelNetwork !== undefined) {
    throw new ToolConfigurationError(
      'shellTools() got both `network` and `sandbox: { network }`: give it once, as `sandbox: { mode, network }`.',
    );
  }
}

/**
 * Checks the shape of `shellTools` options up front: an object with known keys only (a
 * misspelled `timeout` must not silently keep the default), and the values of `sandbox` (a mode
 * or `{ mode, readable?, network? }`), `network` (its patterns are checked by `buildShellToolConfig`)
 * and the keys of `env`. Throws `ToolConfigurationError` naming the key.
 */
export function assertShellToolOptions(options: unknown): asserts options is ShellToolOptions {
  if (!isRecord(options)) {
    throw new ToolConfigurationError('shellTools(options) takes an options object or nothing.');
  }
  assertKnownKeys(options, Object.keys(OPTION_KEYS), 'shellTools(options)');
  const { sandbox, network, env, warmSandbox } = options;
  if (isRecord(sandbox)) {
    assertSandboxObject(sandbox, network);
  } else if (sandbox !== undefined && !isMode(sandbox)) {
    throw new ToolConfigurationError(
      `shellTools({ sandbox }) must be "auto", "required", "off" or { mode, readable?, network? }; got ${show(sandbox)}.`,
    );
  }
  assertNetworkOption(network, 'shellTools({ network })');
  if (warmSandbox !== undefined && typeof warmSandbox !== 'boolean') {
    const shown = (JSON.stringify(warmSandbox) as string | undefined) ?? typeof warmSandbox;
    throw new ToolConfigurationError(`shellTools({ warmSandbox }) must be a boolean; got ${shown}.`);
  }
  if (env !== undefined) {
    if (!isRecord(env)) {
      throw new ToolConfigurationError('shellTools({ env }) must be an object { inherit?, set? }.');
    }
    assertKnownKeys(env, Object.keys(ENV_KEYS), 'shellTools({ env })');
  }
}
