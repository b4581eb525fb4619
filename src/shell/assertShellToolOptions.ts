import { assertKnownKeys, type HostEnvironmentOptions, ToolConfigurationError } from '../index.js';
import { SHELL_SANDBOX_MODES } from './ShellSandboxMode.js';
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
const ENV_KEYS: Readonly<Record<keyof HostEnvironmentOptions, true>> = { inherit: true, set: true };

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the shape of `shellTools` options up front: an object with known keys only (a
 * misspelled `timeout` must not silently keep the default), and the values of `sandbox`,
 * `network` and the keys of `env`. Throws `ToolConfigurationError` naming the key.
 */
export function assertShellToolOptions(options: unknown): asserts options is ShellToolOptions {
  if (!isRecord(options)) {
    throw new ToolConfigurationError('shellTools(options) takes an options object or nothing.');
  }
  assertKnownKeys(options, Object.keys(OPTION_KEYS), 'shellTools(options)');
  const { sandbox, network, env, warmSandbox } = options;
  if (sandbox !== undefined && !(SHELL_SANDBOX_MODES as readonly unknown[]).includes(sandbox)) {
    throw new ToolConfigurationError(`shellTools({ sandbox }) must be "auto", "required" or "off"; got ${(JSON.stringify(sandbox) as string | undefined) ?? typeof sandbox}.`);
  }
  if (network !== undefined && typeof network !== 'boolean') {
    throw new ToolConfigurationError(`shellTools({ network }) must be a boolean; got ${(JSON.stringify(network) as string | undefined) ?? typeof network}.`);
  }
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
