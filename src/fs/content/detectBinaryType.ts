/** Magic numbers of common binary formats: [mime type, is an image, signature bytes, offset]. */
const SIGNATURES: readonly (readonly [string, boolean, readonly number[], number])[] = [
  ['image/png', true, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0],
  ['image/jpeg', true, [0xff, 0xd8, 0xff], 0],
  ['image/gif', true, [0x47, 0x49, 0x46, 0x38], 0],
  ['image/webp', true, [0x57, 0x45, 0x42, 0x50], 8],
  ['application/pdf', false, [0x25, 0x50, 0x44, 0x46, 0x2d], 0],
  ['application/zip', false, [0x50, 0x4b, 0x03, 0x04], 0],
  ['application/gzip', false, [0x1f, 0x8b], 0],
  ['application/wasm', false, [0x00, 0x61, 0x73, 0x6d], 0],
  ['application/x-executable', false, [0x7f, 0x45, 0x4c, 0x46], 0],
];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset: number): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The format a binary file's first bytes announce, if it is a known one. */
export function detectBinaryType(
  bytes: Uint8Array,
): { readonly mimeType: string; readonly isImage: boolean } | undefined {
  for (const [mimeType, isImage, signature, offset] of SIGNATURES) {
    if (mimeType === 'image/webp' && !startsWith(bytes, [0x52, 0x49, 0x46, 0x46], 0)) continue;
    if (startsWith(bytes, signature, offset)) return { mimeType, isImage };
  }
  return undefined;
}
