import type { JsonValue } from './JsonValue.js';

/** A reference to a file: never its bytes. */
export interface FileRef {
  readonly uri: string;
  readonly mimeType?: string;
  readonly name?: string;
  readonly size?: number;
}

export type MediaModality = 'image' | 'audio' | 'video' | 'binary';

export interface TextContentPart {
  readonly type: 'text';
  readonly text: string;
}

export interface JsonContentPart {
  readonly type: 'json';
  readonly value: JsonValue;
  readonly schema?: JsonValue;
}

export interface FileContentPart extends FileRef {
  readonly type: 'file';
}

export interface MediaContentPart {
  readonly type: 'media';
  readonly mimeType: string;
  /** Base64-encoded bytes. */
  readonly data: string;
  readonly modality: MediaModality;
}

/** One part of a mixed tool output. */
export type ContentPart = TextContentPart | JsonContentPart | FileContentPart | MediaContentPart;
