import { buildFsError } from '../buildFsError.js';

/** The edit's count rules: at least one occurrence; exactly one, or exactly `expected`. */
export function expectReplacements(
  count: number,
  expected: number | undefined,
  input: string,
  canonicalPath: string,
  code: 'invalid_input' | 'execution_failed',
): void {
  const where = JSON.stringify(input);
  if (count === 0) {
    throw buildFsError(
      code,
      'no_match',
      `oldString was not found in ${where}. It must match the file exactly, whitespace and indentation included; read the file again and copy the text from it.`,
      { path: canonicalPath, found: 0 },
    );
  }
  if (expected === undefined && count > 1) {
    throw buildFsError(
      code,
      'ambiguous_match',
      `oldString occurs ${count} times in ${where}. Include more surrounding lines to make it unique, or pass expectedReplacements: ${count} to replace every occurrence.`,
      { path: canonicalPath, found: count },
    );
  }
  if (expected !== undefined && count !== expected) {
    throw buildFsError(
      code,
      'replacement_count_mismatch',
      `oldString occurs ${count} times in ${where}, but expectedReplacements is ${expected}. Nothing was changed; correct the count or the text.`,
      { path: canonicalPath, found: count, expected },
    );
  }
}
