import { ToolConfigurationError } from '../../index.js';
import { assertKnownKeys, DEFAULT_PROTECTED_PATHS } from '../../internal/index.js';
import { ReadTracker } from '../ReadTracker.js';
import { DEFAULT_FILE_SYSTEM_LIMITS } from './DEFAULT_FILE_SYSTEM_LIMITS.js';
import type { FileSystemConfig } from './FileSystemConfig.js';
import type { FileSystemLimits } from './FileSystemLimits.js';
import type { FileSystemToolsOptions } from './FileSystemToolsOptions.js';

/** Every option, so adding one to the interface without listing it here fails to compile. */
const OPTION_KEYS: Readonly<Record<keyof FileSystemToolsOptions, true>> = {
  roots: true,
  protectedPaths: true,
  requireReadBeforeWrite: true,
  limits: true,
  readTracker: true,
};

function fail(problem: string): never {
  throw new ToolConfigurationError(`fileSystemTools(${problem}`);
}

function buildLimits(overrides: unknown): FileSystemLimits {
  if (overrides === undefined) return DEFAULT_FILE_SYSTEM_LIMITS;
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    fail('{ limits }) must be an object of limits, e.g. { maxReadBytes: 1048576 }.');
  }
  const limits: Record<string, number> = { ...DEFAULT_FILE_SYSTEM_LIMITS };
  for (const [name, value] of Object.entries(overrides)) {
    if (!(name in DEFAULT_FILE_SYSTEM_LIMITS)) {
      fail(
        `{ limits }) has no limit ${JSON.stringify(name)}. Known limits: ${Object.keys(DEFAULT_FILE_SYSTEM_LIMITS).join(', ')}.`,
      );
    }
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      fail(
        `{ limits: { ${name} } }) must be a positive integer; got ${(JSON.stringify(value) as string | undefined) ?? typeof value}.`,
      );
    }
    limits[name] = value;
  }
  if ((limits.defaultGrepMatches ?? 0) > (limits.maxGrepMatches ?? 0)) {
    fail('{ limits }): defaultGrepMatches cannot exceed maxGrepMatches.');
  }
  return Object.freeze(limits) as unknown as FileSystemLimits;
}

function buildProtectedPaths(patterns: unknown): readonly string[] {
  if (patterns === undefined) return DEFAULT_PROTECTED_PATHS;
  if (!Array.isArray(patterns) || !patterns.every((pattern) => typeof pattern === 'string' && pattern.length > 0)) {
    fail(
      '{ protectedPaths }) must be an array of non-empty glob strings, e.g. [...DEFAULT_PROTECTED_PATHS, "secrets/**"].',
    );
  }
  return Object.freeze([...(patterns as string[])]);
}

/** Checks `fileSystemTools` options up front, naming the bad one, and fills in the defaults. */
export function buildFileSystemConfig(options: FileSystemToolsOptions): FileSystemConfig {
  if (typeof options !== 'object' || (options as unknown) === null || Array.isArray(options)) {
    fail('options) takes an options object or nothing.');
  }
  assertKnownKeys(options, Object.keys(OPTION_KEYS), 'fileSystemTools(options)');
  const { requireReadBeforeWrite } = options;
  if (requireReadBeforeWrite !== undefined && typeof requireReadBeforeWrite !== 'boolean') {
    fail(`{ requireReadBeforeWrite }) must be a boolean; got ${JSON.stringify(requireReadBeforeWrite)}.`);
  }
  if (options.readTracker !== undefined && !(options.readTracker instanceof ReadTracker)) {
    fail(
      '{ readTracker }) must be a ReadTracker, e.g. new FileReadTracker({ directory }) from agentkit-tools-core/fs.',
    );
  }
  if (options.roots !== undefined && !Array.isArray(options.roots)) {
    fail('{ roots }) must be an array of { path, mode? }.');
  }
  return Object.freeze({
    protectedPaths: buildProtectedPaths(options.protectedPaths),
    requireReadBeforeWrite: requireReadBeforeWrite ?? true,
    limits: buildLimits(options.limits),
  });
}
