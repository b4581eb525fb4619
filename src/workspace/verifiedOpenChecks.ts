import path from 'node:path';
import type { ToolError } from '../errors/ToolError.js';
import type { DescriptorLocator, VerifiedOpenRefusal } from '../kernel/index.js';
import { assertSafePathString } from './assertSafePathString.js';
import { buildPathError } from './buildPathError.js';
import type { OpenVerifiedOptions } from './OpenVerifiedOptions.js';
import type { WorkspaceRoot } from './WorkspaceRoot.js';

/** What the twins of the verified open need from the workspace. */
export interface OpenVerifiedContext {
  readonly roots: readonly WorkspaceRoot[];
  readonly rootOf: (canonicalPath: string) => WorkspaceRoot | undefined;
  /**
   * How an opened descriptor is located: `locateDescriptor` (`/proc/self/fd`), or
   * `NO_DESCRIPTOR_LOCATOR` to take the realpath + `dev`/`ino` fallback (the seam its tests use).
   */
  readonly locate: DescriptorLocator;
}

/**
 * The checks before the open: a safe absolute string, a sane `maxBytes`, lexically inside a
 * root. Returns the normalized path to open.
 */
export function assertOpenTarget(
  canonicalPath: string,
  options: OpenVerifiedOptions,
  context: OpenVerifiedContext,
): string {
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
    throw buildPathError(reason, {
      path: canonicalPath,
      roots,
      details: reason === 'no_roots' ? {} : { roots: roots.map((root) => root.path) },
    });
  }
  return normalized;
}

/** The workspace's `ToolError` for a refusal of the kernel's open checks. */
export function buildRefusalError(
  refusal: VerifiedOpenRefusal,
  canonicalPath: string,
  roots: readonly WorkspaceRoot[],
  cause?: unknown,
): ToolError {
  const facts = { path: canonicalPath, roots };
  switch (refusal.reason) {
    case 'io_error':
      return buildPathError(
        refusal.reason,
        { ...facts, subject: refusal.errno, details: { errno: refusal.errno } },
        cause,
      );
    case 'not_a_regular_file':
      return buildPathError(
        refusal.reason,
        { ...facts, subject: refusal.description, details: { kind: refusal.kind } },
        cause,
      );
    case 'too_large':
      return buildPathError(
        refusal.reason,
        {
          ...facts,
          subject: `${refusal.size} bytes, the limit is ${refusal.maxBytes} bytes`,
          details: { size: refusal.size, maxBytes: refusal.maxBytes },
        },
        cause,
      );
    case 'changed_during_open':
      return buildPathError(refusal.reason, { ...facts, details: { roots: roots.map((root) => root.path) } }, cause);
    case 'final_symlink':
    case 'is_a_directory':
    case 'not_found':
    case 'too_long':
      return buildPathError(refusal.reason, facts, cause);
  }
}
