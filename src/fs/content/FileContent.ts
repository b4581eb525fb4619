import type { TextEncodingName } from './TextEncodingName.js';

/** A file's bytes as text: `text` has no BOM; `encoding` and `bom` write it back byte for byte. */
export interface TextFileContent {
  readonly kind: 'text';
  readonly text: string;
  readonly encoding: TextEncodingName;
  readonly bom: boolean;
}

/** A file that is not text: what it probably is, from its first bytes. */
export interface BinaryFileContent {
  readonly kind: 'binary';
  readonly mimeType: string;
  /** Images can go to a model as a `media` part; anything else as a `file` reference. */
  readonly isImage: boolean;
}

export type FileContent = TextFileContent | BinaryFileContent;
