import type { MetadataMap } from '../values/JsonValue.js';

export interface ResourceDescriptor {
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly metadata?: MetadataMap;
}

/** A resource's contents: text, or base64 bytes. */
export type ResourceContents =
  { readonly uri: string; readonly mimeType?: string; readonly text: string } | { readonly uri: string; readonly mimeType?: string; readonly blob: string };

/**
 * Readable resources (MCP resources map here): an adjacent abstraction, not squeezed into
 * tools.
 */
export interface ResourceProvider {
  list(): Promise<readonly ResourceDescriptor[]>;
  read(uri: string): Promise<readonly ResourceContents[]>;
}
