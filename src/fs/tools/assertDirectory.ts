import type { Stats } from 'node:fs';
import { buildFsError } from '../buildFsError.js';

/** Preflight check of an existing entry a walk (list, glob, grep of a directory) starts from. */
export function assertDirectory(stats: Stats, input: string, canonicalPath: string): void {
  if (!stats.isDirectory()) {
    throw buildFsError(
      'invalid_input',
      'not_a_directory',
      `${JSON.stringify(input)} is a file, not a directory. Use fs_read_file to read it.`,
      { path: canonicalPath },
    );
  }
}
