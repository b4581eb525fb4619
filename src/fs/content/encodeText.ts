import { buildFsError } from '../buildFsError.js';
import type { TextEncodingName } from './TextEncodingName.js';

const BOMS: Readonly<Record<TextEncodingName, readonly number[]>> = {
  utf8: [0xef, 0xbb, 0xbf],
  utf16le: [0xff, 0xfe],
  utf16be: [0xfe, 0xff],
  latin1: [],
};

/**
 * Text as bytes in `encoding`, with its BOM when `bom` is set: the inverse of
 * `decodeFileContent`, so unchanged text writes back byte for byte.
 * @throws ToolError `code` (`unencodable`) for Latin-1 files given characters
 *   above U+00FF, rather than silently re-encoding the whole file.
 */
export function encodeText(
  text: string,
  encoding: TextEncodingName,
  bom: boolean,
  filePath: string,
  code: 'invalid_input' | 'execution_failed' = 'execution_failed',
): Buffer {
  let body: Buffer;
  if (encoding === 'utf16be') {
    body = Buffer.from(text, 'utf16le').swap16();
  } else if (encoding === 'latin1') {
    const wide = /[\u0100-\u{10ffff}]/u.exec(text);
    if (wide !== null) {
      throw buildFsError(
        code,
        'unencodable',
        `${JSON.stringify(filePath)} is a Latin-1 (8-bit) text file, which cannot hold ${JSON.stringify(wide[0])}. Nothing was written; use only characters up to U+00FF in this file.`,
        { path: filePath, encoding },
      );
    }
    body = Buffer.from(text, 'latin1');
  } else {
    body = Buffer.from(text, encoding);
  }
  return bom ? Buffer.concat([Buffer.from(BOMS[encoding]), body]) : body;
}
