import type { Stats } from 'node:fs';
import { ToolError } from '../../index.js';
import { getHardLinkRefusal } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';

/**
 * Preflight checks of an existing file about to be replaced or edited: a regular file with a
 * single hard link (writing through another link would change that name too, maybe outside
 * the workspace).
 */
export function assertWritableFile(stats: Stats, input: string, canonicalPath: string): void {
  if (stats.isDirectory()) {
    throw buildFsError(
      'invalid_input',
      'is_a_directory',
      `${JSON.stringify(input)} is a directory, not a file. Name a file inside it.`,
      { path: canonicalPath },
    );
  }
  if (!stats.isFile()) {
    throw buildFsError(
      'invalid_input',
      'not_a_regular_file',
      `${JSON.stringify(input)} is not a regular file (a FIFO, device or socket); only regular files are written.`,
      {
        path: canonicalPath,
      },
    );
  }
  const refusal = getHardLinkRefusal(stats, canonicalPath, {
    subject: JSON.stringify(input),
    consequence: 'It is refused; nothing was written.',
  });
  if (refusal !== undefined) throw new ToolError(refusal.code, refusal.message, refusal.details);
}
