/**
 * How many bytes `data` (base64, padded or not) decodes to, without decoding it.
 * @internal
 */
export function getBase64ByteLength(data: string): number {
  const trimmed = data.replace(/=+$/, '');
  return Math.floor((trimmed.length * 3) / 4);
}
