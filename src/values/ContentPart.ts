import type { JsonValue } from './JsonValue.js';

/** A reference to a file: never its bytes. */
export interface FileRef {
  /** Where the file is (a `file://` URI for local files). */
  readonly uri: string;
  /** Its media type, when known (`text/plain`, `image/png`). */
  readonly mimeType?: string;
  /** A display name. */
  readonly name?: string;
  /** Its size in bytes, when known. */
  readonly size?: number;
}

/**
 * One part of a mixed tool output (`{ type: 'parts', parts }`), a union on `type`:
 *
 * - `text`: `{ text }`, text for the model to read.
 * - `json`: `{ value, schema? }`, a JSON value and optionally the JSON Schema it follows.
 * - `file`: a {@link FileRef} (`uri`, `mimeType?`, `name?`, `size?`): a reference, never bytes.
 * - `media`: `{ mimeType, data, modality }`, base64-encoded bytes of an `image`, `audio`,
 *   `video` or `binary` payload.
 * - `resource`: an embedded resource (`uri`, `mimeType?`, and `text` or base64 `blob`): the
 *   resource's contents themselves, where `file` only points to it (what an MCP server's
 *   `resources/read` answers; `ResourceContents` in `agentkit-tools-core/mcp`).
 */
export type ContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'json'; readonly value: JsonValue; readonly schema?: JsonValue }
  | ({ readonly type: 'file' } & FileRef)
  | {
      readonly type: 'media';
      readonly mimeType: string;
      readonly data: string;
      readonly modality: 'image' | 'audio' | 'video' | 'binary';
    }
  | { readonly type: 'resource'; readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly type: 'resource'; readonly uri: string; readonly mimeType?: string; readonly blob: string };
