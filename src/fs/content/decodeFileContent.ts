import { isAscii, isUtf8 } from 'node:buffer';
import { detectBinaryType } from './detectBinaryType.js';
import type { FileContent } from './FileContent.js';

/** Bytes looked at for NUL and control characters (as git and grep do). */
const SNIFF_BYTES = 8000;

const BINARY: FileContent = Object.freeze({ kind: 'binary', mimeType: 'application/octet-stream', isImage: false });

function isUtf16Bom(bytes: Buffer, first: number, second: number): boolean {
  return bytes.length >= 2 && bytes[0] === first && bytes[1] === second && bytes.length % 2 === 0;
}

/** A NUL byte near the start: binary, as git and grep decide. */
function hasNul(bytes: Buffer): boolean {
  return bytes.subarray(0, SNIFF_BYTES).indexOf(0) !== -1;
}

/** More than 1% control characters other than tab, LF, VT, FF, CR and ESC near the start. */
function hasManyControls(bytes: Buffer): boolean {
  const end = Math.min(bytes.length, SNIFF_BYTES);
  let controls = 0;
  for (let index = 0; index < end; index++) {
    const byte = bytes[index] as number;
    if (byte < 0x20 && !(byte >= 0x09 && byte <= 0x0d) && byte !== 0x1b) controls++;
  }
  return controls * 100 > end;
}

/**
 * Bytes as text or as a binary format: a UTF-8 BOM or valid UTF-8 is UTF-8; a UTF-16 BOM is
 * UTF-16 (LE or BE); a known binary signature or a NUL byte means binary; other bytes that
 * are not UTF-8 are binary when full of control characters, and otherwise legacy 8-bit text,
 * read as Latin-1, which maps each byte to one
 * character and so writes back byte for byte.
 */
export function decodeFileContent(bytes: Buffer): FileContent {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const rest = bytes.subarray(3);
    if (isUtf8(rest)) return { kind: 'text', text: rest.toString('utf8'), encoding: 'utf8', bom: true };
  }
  if (isUtf16Bom(bytes, 0xff, 0xfe))
    return { kind: 'text', text: bytes.subarray(2).toString('utf16le'), encoding: 'utf16le', bom: true };
  if (isUtf16Bom(bytes, 0xfe, 0xff)) {
    const swapped = Buffer.from(bytes.subarray(2)).swap16();
    return { kind: 'text', text: swapped.toString('utf16le'), encoding: 'utf16be', bom: true };
  }
  const known = detectBinaryType(bytes);
  if (known !== undefined) return { kind: 'binary', ...known };
  if (hasNul(bytes)) return BINARY;
  // ASCII is UTF-8 that decodes byte for byte, several times faster than the UTF-8 decoder.
  if (isAscii(bytes)) return { kind: 'text', text: bytes.toString('latin1'), encoding: 'utf8', bom: false };
  if (isUtf8(bytes)) return { kind: 'text', text: bytes.toString('utf8'), encoding: 'utf8', bom: false };
  if (hasManyControls(bytes)) return BINARY;
  return { kind: 'text', text: bytes.toString('latin1'), encoding: 'latin1', bom: false };
}
