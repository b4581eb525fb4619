import type { Stats } from 'node:fs';
import { confirmDescriptorLocation } from './confirmDescriptorLocation.js';
import type { DescriptorLocator } from './DescriptorLocator.js';
import type { SpecialFileKind, VerifiedOpenRefusal } from './VerifiedOpenRefusal.js';

/**
 * What a verified open demands of the descriptor it opened.
 * @internal
 */
export interface OpenedFileDemands {
  /** Where the descriptor may be (inside a root). */
  readonly isInside: (canonicalPath: string) => boolean;
  /** How to find where it is: `locateDescriptor`, or `NO_DESCRIPTOR_LOCATOR` for the fallback. */
  readonly locate: DescriptorLocator;
  /** Accept a directory too. */
  readonly allowDirectory?: boolean;
  /** Refuse regular files larger than this many bytes. */
  readonly maxBytes?: number;
}

function describeSpecialFile(stats: Stats): readonly [kind: SpecialFileKind, description: string] {
  if (stats.isFIFO()) return ['fifo', 'FIFO (named pipe)'];
  if (stats.isCharacterDevice()) return ['character_device', 'character device'];
  if (stats.isBlockDevice()) return ['block_device', 'block device'];
  if (stats.isSocket()) return ['socket', 'socket'];
  return ['other', 'special file'];
}

/**
 * The kind and size checks of an opened file's `fstat`: `undefined` for a regular file no larger
 * than `maxBytes` (or an allowed directory), else the refusal. Walkers that reach a file through
 * a confirmed directory handle call it without the location check.
 * @internal
 */
export function getFileKindRefusal(
  stats: Stats,
  demands: Pick<OpenedFileDemands, 'allowDirectory' | 'maxBytes'>,
): VerifiedOpenRefusal | undefined {
  if (stats.isDirectory()) return demands.allowDirectory === true ? undefined : { reason: 'is_a_directory' };
  if (!stats.isFile()) {
    const [kind, description] = describeSpecialFile(stats);
    return { reason: 'not_a_regular_file', kind, description };
  }
  const { maxBytes } = demands;
  return maxBytes !== undefined && stats.size > maxBytes
    ? { reason: 'too_large', size: stats.size, maxBytes }
    : undefined;
}

/**
 * The checks of a descriptor the verified open just opened (both twins, sync and async, call
 * this one table): it is where it must be (see `confirmDescriptorLocation`), then a regular file
 * (or an allowed directory) no larger than `maxBytes`. Returns the confirmed location, or the
 * refusal; the caller closes the descriptor on a refusal.
 * @internal
 */
export function checkOpenedFile(
  fd: number,
  stats: Stats,
  openedPath: string,
  demands: OpenedFileDemands,
): { readonly path: string } | { readonly refusal: VerifiedOpenRefusal } {
  const located = confirmDescriptorLocation(fd, stats, openedPath, demands.isInside, demands.locate);
  if (located === undefined) return { refusal: { reason: 'changed_during_open' } };
  const refusal = getFileKindRefusal(stats, demands);
  return refusal === undefined ? { path: located } : { refusal };
}
