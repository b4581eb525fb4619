import type { ContentPart, FileRef } from './ContentPart.js';
import type { JsonValue } from './JsonValue.js';

export interface TextToolOutput {
  readonly type: 'text';
  readonly text: string;
}

export interface StructuredToolOutput {
  readonly type: 'structured';
  readonly value: JsonValue;
}

export interface PartsToolOutput {
  readonly type: 'parts';
  readonly parts: readonly ContentPart[];
}

export interface FilesToolOutput {
  readonly type: 'files';
  readonly files: readonly FileRef[];
}

/** What a tool produced, kept rich: text, structured JSON, mixed parts or file references. */
export type ToolOutput = TextToolOutput | StructuredToolOutput | PartsToolOutput | FilesToolOutput;
