import { assertKnownKeys, type HostEnvironmentOptions, ToolConfigurationError } from '../index.js';
import { SHELL_SANDBOX_MODES } from './ShellSandboxMode.js';
import type { ShellNetworkOption, ShellToolOptions } from './ShellToolOptions.js';

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
};
const NETWORK_KEYS: Readonly<Record<keyof Exclude<ShellNetworkOption, boolean>, true>> = { allow: true };
const ENV_KEYS: Readonly<Record<keyof HostEnvironmentOptions, true>> = { inherit: true, set: true };

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the shape of `shellTools` options up front: an object with known keys only (a
 * misspelled `timeout` must not silently keep the default), and the values of `sandbox`,
 * `network` (its patterns are checked by `buildShellToolConfig`) and the keys of `env`.
 * Throws `ToolConfigurationError` naming the key.
 */
export function assertShellToolOptions(options: unknown): asserts options is ShellToolOptions {
  if (!isRecord(options)) {
    throw new ToolConfigurationError('shellTools(options) takes an options object or nothing.');
  }
  assertKnownKeys(options, Object.keys(OPTION_KEYS), 'shellTools(options)');
  const { sandbox, network, env } = options;
  if (sandbox !== undefined && !(SHELL_SANDBOX_MODES as readonly unknown[]).includes(sandbox)) {
    throw new ToolConfigurationError(`shellTools({ sandbox }) must be "auto", "required" or "off"; got ${(JSON.stringify(sandbox) as string | undefined) ?? typeof sandbox}.`);
  }
  if (network !== undefined && typeof network !== 'boolean') {
    if (!isRecord(network) || !Array.isArray(network['allow'])) {
      throw new ToolConfigurationError(
        `shellTools({ network }) must be false, true or { allow: [host patterns] }; got ${(JSON.stringify(network) as string | undefined) ?? typeof network}.`,
      );
    }
    assertKnownKeys(network, Object.keys(NETWORK_KEYS), 'shellTools({ network })');
  }
  if (env !== undefined) {
    if (!isRecord(env)) {
      throw new ToolConfigurationError('shellTools({ env }) must be an object { inherit?, set? }.');
    }
    assertKnownKeys(env, Object.keys(ENV_KEYS), 'shellTools({ env })');
  }
}
