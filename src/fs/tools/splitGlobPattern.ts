import path from 'node:path';
import picomatch from 'picomatch';
import { buildFsError } from '../buildFsError.js';

/**
 * Where a glob search starts and what it matches there. An absolute pattern carries its own
 * base directory (`/repo/src/**\/*.ts`: base `/repo/src`, glob `**\/*.ts`), which then goes
 * through the same containment check as any path; `..` segments are refused.
 */
export function splitGlobPattern(
  pattern: string,
  base: string | undefined,
): { readonly base: string; readonly glob: string } {
  if (pattern.split('/').includes('..')) {
    throw buildFsError(
      'invalid_input',
      'invalid_pattern',
      `The pattern ${JSON.stringify(pattern)} contains "..". Put the directory to search in "path" and keep the pattern relative to it.`,
      { pattern },
    );
  }
  if (!path.isAbsolute(pattern)) return { base: base ?? '.', glob: pattern.replace(/^(\.\/)+/u, '') };
  if (base !== undefined) {
    throw buildFsError(
      'invalid_input',
      'invalid_pattern',
      `The pattern ${JSON.stringify(pattern)} is absolute and "path" is set too. Use one: a relative pattern with "path", or an absolute pattern alone.`,
      { pattern },
    );
  }
  const scan = picomatch.scan(pattern);
  return scan.isGlob
    ? { base: scan.base, glob: scan.glob }
    : { base: path.dirname(pattern), glob: path.basename(pattern) };
}
