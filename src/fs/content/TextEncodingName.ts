/** The text encodings the filesystem tools read and write back unchanged. */
export type TextEncodingName = 'utf8' | 'utf16le' | 'utf16be' | 'latin1';
