import { accessSync, constants } from 'node:fs';
import { ToolConfigurationError, type Workspace } from '../../index.js';
import { DEFAULT_PROTECTED_PATHS, ProtectedPathMatcher, buildHostEnvironment } from '../../internal/index.js';
import { findBubblewrap } from '../sandbox/detectSandbox.js';
import { GIT_SAFETY_ENV } from '../running/GIT_SAFETY_ENV.js';
import { assertReadableOutsideRoots, resolveReadablePaths } from '../sandbox/resolveReadablePaths.js';
import { findSocat } from '../network/buildBridgeCommand.js';
import { parseHostPatterns } from '../network/HostPattern.js';
import { HostProxy } from '../network/HostProxy.js';
import { Semaphore } from '../running/Semaphore.js';
import { SHELL_EXEC_DEFAULTS } from './SHELL_EXEC_DEFAULTS.js';
import type { ShellNetworkAllowList, ShellToolConfig } from './ShellToolConfig.js';
import type { ShellNetworkOption } from '../sandbox/ShellSandboxOptions.js';
import type { ShellToolOptions } from './ShellToolOptions.js';

function checkInteger(
  name: string,
  value: number | undefined,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ToolConfigurationError(
      `shellTools({ ${name} }) must be a whole number between 1 and ${max}; got ${String(value)}.`,
    );
  }
  return value;
}

function findShell(): ShellToolConfig['shell'] {
  try {
    accessSync('/bin/bash', constants.X_OK);
    return { file: '/bin/bash', args: ['--noprofile', '--norc', '-c'] };
  } catch {
    return { file: '/bin/sh', args: ['-c'] };
  }
}

/**
 * `network` checked: each pattern of a list (a bad one names itself), and a list only where a
 * sandbox can hold it (with `sandbox: 'off'` nothing could).
 */
function buildNetwork(
  network: ShellNetworkOption | undefined,
  sandbox: ShellToolConfig['sandbox'],
): boolean | ShellNetworkAllowList {
  if (typeof network !== 'object') return network ?? false;
  const allow = parseHostPatterns(network.allow);
  if (sandbox === 'off') {
    throw new ToolConfigurationError(
      "shellTools({ network: { allow } }) needs the sandbox, but sandbox is 'off': without it a command reaches every host. Use sandbox: 'required' (or 'auto'), or drop the list.",
    );
  }
  return { allow, proxy: new HostProxy(allow), socat: findSocat() };
}

/** Checks `shellTools` options (throwing `ToolConfigurationError` at start-up) and fixes the defaults. */
export function buildShellToolConfig(
  options: ShellToolOptions,
  workspace: Workspace,
  source: NodeJS.ProcessEnv = process.env,
): ShellToolConfig {
  if (options.cwd !== undefined && (typeof options.cwd !== 'string' || options.cwd === '')) {
    throw new ToolConfigurationError('shellTools({ cwd }) must be a non-empty path inside the workspace roots.');
  }
  for (const [name, value] of Object.entries(options.env?.set ?? {})) {
    if (typeof value !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/u.test(name)) {
      throw new ToolConfigurationError(
        `shellTools({ env: { set } }) needs string values under valid variable names; ${JSON.stringify(name)} is not.`,
      );
    }
  }
  // `sandbox` and `network` were checked with the other option shapes (assertShellToolOptions).
  const sandboxOptions = typeof options.sandbox === 'object' ? options.sandbox : { mode: options.sandbox ?? 'auto' };
  const sandbox = sandboxOptions.mode;
  const readable = resolveReadablePaths(sandboxOptions.readable ?? []);
  assertReadableOutsideRoots(readable, workspace);
  const maxOutputBytes = checkInteger('maxOutputBytes', options.maxOutputBytes, SHELL_EXEC_DEFAULTS.maxOutputBytes);
  return {
    workspace,
    protectedPaths: new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace),
    cwd: options.cwd,
    // What the host names explicitly wins over the forced git settings; the model cannot set GIT_*.
    hostEnv: Object.freeze({ ...GIT_SAFETY_ENV, ...buildHostEnvironment(source, options.env) }),
    shell: findShell(),
    timeoutMs: checkInteger(
      'timeoutMs',
      options.timeoutMs,
      SHELL_EXEC_DEFAULTS.timeoutMs,
      SHELL_EXEC_DEFAULTS.maxTimeoutMs,
    ),
    maxOutputBytes,
    hardOutputLimitBytes: checkInteger(
      'hardOutputLimitBytes',
      options.hardOutputLimitBytes,
      Math.max(SHELL_EXEC_DEFAULTS.hardOutputLimitBytes, 2 * maxOutputBytes),
    ),
    killGraceMs: checkInteger('killGraceMs', options.killGraceMs, SHELL_EXEC_DEFAULTS.killGraceMs, 60_000),
    slots: new Semaphore(
      checkInteger('maxConcurrent', options.maxConcurrent, SHELL_EXEC_DEFAULTS.maxConcurrent, 1_000),
    ),
    sandbox,
    network: buildNetwork(sandboxOptions.network ?? options.network, sandbox),
    readable,
    bubblewrap: sandbox === 'off' ? undefined : findBubblewrap(),
    warmSandbox: options.warmSandbox ?? true,
  };
}
