import path from 'node:path';
import { lstatIfPresent } from '../lstatIfPresent.js';

/**
 * The directories of `directory` (a canonical path) that do not exist yet, outermost first:
 * what creating it one component at a time makes.
 */
export async function findMissingDirectories(directory: string): Promise<string[]> {
  const missing: string[] = [];
  let current = directory;
  while ((await lstatIfPresent(current)) === undefined) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return missing;
}
