import type { FileSystemLimits } from './FileSystemLimits.js';

/** The limits of the filesystem tools when the host sets none (caps from the safety model). */
export const DEFAULT_FILE_SYSTEM_LIMITS: FileSystemLimits = Object.freeze({
  maxReadBytes: 20 * 1024 * 1024,
  defaultReadLines: 2000,
  maxLineChars: 2000,
  maxReadChars: 256_000,
  maxMediaBytes: 5 * 1024 * 1024,
  maxEntries: 1000,
  defaultGrepMatches: 200,
  maxGrepMatches: 2000,
  maxGrepFileBytes: 10 * 1024 * 1024,
  maxWalkEntries: 100_000,
  maxDiffChars: 20_000,
});
