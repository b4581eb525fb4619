import { buildFsError } from '../buildFsError.js';
import { countOccurrences, replaceLiteral } from '../content/applyLiteralEdit.js';
import { decodeFileContent } from '../content/decodeFileContent.js';
import { encodeText } from '../content/encodeText.js';
import { detectLineEnding, fromDisplayText, toDisplayText } from '../content/LineEnding.js';
import type { EditFileInput } from './EditFileInput.js';
import { expectReplacements } from './expectReplacements.js';

/** An edit worked out on a file's bytes: the texts as shown (LF for CRLF files) and the bytes to write. */
export interface FileEdit {
  readonly before: string;
  readonly after: string;
  readonly replacements: number;
  readonly bytes: Buffer;
}

/**
 * Applies `fs_edit_file` to the bytes of a text file: exact and literal, CRLF files matched with
 * LF, encoding, BOM and line endings kept. Refusals carry `code`: `invalid_input` when the
 * preflight finds them (nothing ran), `execution_failed` in the body.
 */
export function computeFileEdit(
  bytes: Buffer,
  input: EditFileInput,
  canonicalPath: string,
  code: 'invalid_input' | 'execution_failed',
): FileEdit {
  const content = decodeFileContent(bytes);
  if (content.kind === 'binary') {
    throw buildFsError(
      code,
      'binary_file',
      `${JSON.stringify(input.path)} is a binary file (${content.mimeType}); only text files can be edited.`,
      { path: canonicalPath },
    );
  }
  const ending = detectLineEnding(content.text);
  const before = toDisplayText(content.text, ending);
  const search = ending === 'crlf' ? input.oldString.replaceAll('\r\n', '\n') : input.oldString;
  const replacement = ending === 'crlf' ? input.newString.replaceAll('\r\n', '\n') : input.newString;
  const replacements = countOccurrences(before, search);
  expectReplacements(replacements, input.expectedReplacements, input.path, canonicalPath, code);
  const after = replaceLiteral(before, search, replacement);
  return {
    before,
    after,
    replacements,
    bytes: encodeText(fromDisplayText(after, ending), content.encoding, content.bom, canonicalPath, code),
  };
}
