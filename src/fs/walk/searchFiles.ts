import { decodeFileContent } from '../content/decodeFileContent.js';
import type { SearchPattern } from './compileSearchPattern.js';
import { readRegularFileSync } from './readRegularFileSync.js';
import { searchText } from './searchText.js';
import { yieldToEventLoop } from './walkTree.js';

/** One match of `fs_grep`. */
export interface FileMatch {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

export interface SearchFilesOptions {
  /** Matches to collect at most (the caller asks one more than it returns, to know about more). */
  readonly limit: number;
  readonly maxFileBytes: number;
  readonly maxLineChars: number;
  readonly signal?: AbortSignal;
}

const SLICE_MS = 8;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} [... ${text.length - max} more characters]`;
}

/**
 * Searches `files` in the given order, skipping binary files, files over `maxFileBytes` and
 * anything that is not a regular file when opened. Synchronous reads in slices of a few
 * milliseconds, yielding to the event loop (and honouring the signal) between slices.
 */
export async function searchFiles(files: readonly string[], pattern: SearchPattern, options: SearchFilesOptions): Promise<FileMatch[]> {
  const matches: FileMatch[] = [];
  let sliceStart = performance.now();
  for (const file of files) {
    if (matches.length >= options.limit) break;
    const bytes = readRegularFileSync(file, options.maxFileBytes);
    if (bytes !== undefined && bytes.length > 0) {
      const content = decodeFileContent(bytes);
      if (content.kind === 'text') {
        for (const match of searchText(content.text, pattern, options.limit - matches.length)) {
          matches.push({ path: file, line: match.line, text: cut(match.text, options.maxLineChars) });
        }
      }
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      if (options.signal?.aborted === true) break;
      sliceStart = performance.now();
    }
  }
  return matches;
}
