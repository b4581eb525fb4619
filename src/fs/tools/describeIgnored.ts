import type { JsonObject } from '../../index.js';
import type { WalkResult } from '../walk/walkTree.js';

/**
 * What a walker's result says about what `.gitignore` and `.git` kept out, each only when not
 * zero: `skippedIgnored` (entries skipped; an ignored directory counts once) and
 * `unreadIgnoreFiles` (`.gitignore` files not read: a symlink, a hard link, protected, too large).
 */
export function describeIgnored(walk: WalkResult): JsonObject {
  return {
    ...(walk.skippedIgnored === 0 ? {} : { skippedIgnored: walk.skippedIgnored }),
    ...(walk.unreadIgnoreFiles === 0 ? {} : { unreadIgnoreFiles: walk.unreadIgnoreFiles }),
  };
}
