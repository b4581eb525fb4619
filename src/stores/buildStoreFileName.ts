import { createHash } from 'node:crypto';

/**
 * The file name for `key` in a store directory: `<prefix>-<sha256 of key>`. Keys (approval ids,
 * provider names) reach the store from hosts that may have read them from anywhere, so they
 * never become a path: any string maps to a fixed-length hex name.
 */
export function buildStoreFileName(prefix: string, key: string): string {
  return `${prefix}-${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}
