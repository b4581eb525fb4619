import { assertKnownKeys } from '../errors/assertKnownKeys.js';
import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import { MAX_TIMEOUT_MS } from '../contract/MAX_TIMEOUT_MS.js';
import { assertTracingOptions } from '../tracing/assertTracingOptions.js';
import type { AgentkitModuleOptions } from './AgentkitModuleOptions.js';

/** Every option, so adding one to the interface without listing it here fails to compile. */
const OPTION_KEYS: Readonly<Record<keyof AgentkitModuleOptions, true>> = {
  roots: true,
  defaultTimeoutMs: true,
  approvalTtlMs: true,
  maxNestingDepth: true,
  tracing: true,
};

function assertRange(name: string, value: unknown, min: number, max: number, integer: boolean): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !(value >= min && value <= max) || (integer && !Number.isInteger(value))) {
    throw new ToolConfigurationError(
      `agentkitModule({ ${name} }) must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}; got ${typeof value === 'number' ? String(value) : ((JSON.stringify(value) as string | undefined) ?? typeof value)}. Omit it for the default.`,
    );
  }
}

/**
 * Checks `agentkitModule` options up front, naming the bad one. Takes `unknown`: JS callers
 * pass anything, whatever the types say.
 */
export function assertAgentkitModuleOptions(input: unknown): asserts input is AgentkitModuleOptions {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ToolConfigurationError('agentkitModule(options) takes an options object or nothing.');
  }
  assertKnownKeys(input, Object.keys(OPTION_KEYS), 'agentkitModule(options)');
  const options = input as Partial<Record<keyof AgentkitModuleOptions, unknown>>;
  assertRange('defaultTimeoutMs', options.defaultTimeoutMs, 1, MAX_TIMEOUT_MS, false);
  assertRange('approvalTtlMs', options.approvalTtlMs, 1, MAX_TIMEOUT_MS * 1000, false);
  assertRange('maxNestingDepth', options.maxNestingDepth, 0, 64, true);
  assertTracingOptions(options.tracing, 'agentkitModule(options)');
  if (options.roots !== undefined && !Array.isArray(options.roots)) {
    throw new ToolConfigurationError('agentkitModule({ roots }) must be an array of { path, mode? }.');
  }
}
