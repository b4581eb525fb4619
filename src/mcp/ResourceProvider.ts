import type { ContentPart, MetadataMap } from '../index.js';

/**
 * A resource's contents: `text`, or base64 bytes in `blob` (what an MCP server's
 * `resources/read` answers; an embedded `resource` {@link ContentPart} without its `type`).
 */
export type ResourceContents = ContentPart extends infer Part
  ? Part extends { readonly type: 'resource' }
    ? Omit<Part, 'type'>
    : never
  : never;

/** A resource a {@link ResourceProvider} lists. */
export interface ResourceDescriptor {
  /** Its address, which `read(uri)` takes. */
  readonly uri: string;
  /** A display name. */
  readonly name: string;
  /** What it holds. */
  readonly description?: string;
  /** Its media type, when known. */
  readonly mimeType?: string;
  /** Anything else the provider says about it. */
  readonly metadata?: MetadataMap;
}

/**
 * Readable resources (MCP resources map here): an adjacent abstraction, not squeezed into
 * tools.
 */
export interface ResourceProvider {
  /** Every resource it offers. */
  list(): Promise<readonly ResourceDescriptor[]>;
  /** The contents at `uri` (one resource may have several parts). */
  read(uri: string): Promise<readonly ResourceContents[]>;
}
