import type { Stats } from 'node:fs';
import path from 'node:path';
import { getErrnoCode } from '../kernel/index.js';
import type { ToolError } from '../errors/ToolError.js';
import { assertSafePathString } from './assertSafePathString.js';
import { buildPathError } from './buildPathError.js';
import type { OpenVerifiedOptions } from './OpenVerifiedOptions.js';
import type { WorkspacePathRefusalReason } from './WorkspacePathRefusalReason.js';
import type { WorkspaceRoot } from './WorkspaceRoot.js';

/** What `openVerifiedFile` needs from the workspace. */
export interface OpenVerifiedContext {
  readonly roots: readonly WorkspaceRoot[];
  readonly rootOf: (canonicalPath: string) => WorkspaceRoot | undefined;
}

const OPEN_ERROR_REASONS: Readonly<Record<string, WorkspacePathRefusalReason>> = {
  ELOOP: 'final_symlink',
  EMLINK: 'final_symlink',
  ENOENT: 'not_found',
  ENOTDIR: 'not_found',
  ENXIO: 'not_a_regular_file',
  ENAMETOOLONG: 'too_long',
};

function describeSpecialFile(stats: Stats): readonly [kind: string, description: string] {
  if (stats.isFIFO()) return ['fifo', 'FIFO (named pipe)'];
  if (stats.isCharacterDevice()) return ['character_device', 'character device'];
  if (stats.isBlockDevice()) return ['block_device', 'block device'];
  if (stats.isSocket()) return ['socket', 'socket'];
  return ['other', 'special file'];
}

export function checkKind(stats: Stats, openedPath: string, options: OpenVerifiedOptions, roots: readonly WorkspaceRoot[]): void {
  if (stats.isDirectory()) {
    if (options.allowDirectory !== true) {
      throw buildPathError('is_a_directory', { path: openedPath, roots });
    }
    return;
  }
  if (!stats.isFile()) {
    const [kind, description] = describeSpecialFile(stats);
    throw buildPathError('not_a_regular_file', { path: openedPath, roots, subject: description, details: { kind } });
  }
  const { maxBytes } = options;
  if (maxBytes !== undefined && stats.size > maxBytes) {
    const subject = `${stats.size} bytes, the limit is ${maxBytes} bytes`;
    throw buildPathError('too_large', { path: openedPath, roots, subject, details: { size: stats.size, maxBytes } });
  }
}

/**
 * The checks before the open: a safe absolute string, a sane `maxBytes`, lexically inside a
 * root. Returns the normalized path to open.
 */
export function assertOpenTarget(canonicalPath: string, options: OpenVerifiedOptions, context: OpenVerifiedContext): string {
  const { roots } = context;
  assertSafePathString(canonicalPath, roots);
  if (options.maxBytes !== undefined && !(options.maxBytes >= 0)) {
    throw new RangeError(`openVerified: maxBytes must be a non-negative number, got ${String(options.maxBytes)}`);
  }
  if (!path.isAbsolute(canonicalPath)) {
    throw buildPathError('not_absolute', { path: canonicalPath, roots });
  }
  const normalized = path.resolve(canonicalPath);
  if (context.rootOf(normalized) === undefined) {
    const reason = roots.length === 0 ? 'no_roots' : 'outside_roots';
    throw buildPathError(reason, { path: canonicalPath, roots, details: reason === 'no_roots' ? {} : { roots: roots.map((root) => root.path) } });
  }
  return normalized;
}

/** The refusal for an `open` that failed. */
export function buildOpenError(error: unknown, canonicalPath: string, roots: readonly WorkspaceRoot[]): ToolError {
  const errno = getErrnoCode(error) ?? 'unknown error';
  const reason = OPEN_ERROR_REASONS[errno] ?? 'io_error';
  if (reason === 'not_a_regular_file') {
    return buildPathError(reason, { path: canonicalPath, roots, subject: 'socket or device', details: { kind: 'other' } }, error);
  }
  return buildPathError(reason, { path: canonicalPath, roots, subject: errno, details: reason === 'io_error' ? { errno } : {} }, error);
}

/** The refusal for a handle that could not be confirmed inside a root. */
export function buildMovedError(canonicalPath: string, roots: readonly WorkspaceRoot[]): ToolError {
  return buildPathError('changed_during_open', { path: canonicalPath, roots, details: { roots: roots.map((root) => root.path) } });
}
