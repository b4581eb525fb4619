import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ContentPart, JsonValue } from '../index.js';

/**
 * One MCP content block as a content part: text as text, image and audio as `media`, a
 * `resource_link` as a `file` reference (never fetched), an embedded resource as a `resource`
 * part (its text or blob kept).
 */
export function buildContentPart(block: ContentBlock): ContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
    case 'audio':
      return { type: 'media', mimeType: block.mimeType, data: block.data, modality: block.type };
    case 'resource_link':
      return {
        type: 'file',
        uri: block.uri,
        name: block.name,
        ...(block.mimeType === undefined ? {} : { mimeType: block.mimeType }),
        ...(block.size === undefined ? {} : { size: block.size }),
      };
    case 'resource': {
      const { resource } = block;
      const mime = resource.mimeType === undefined ? {} : { mimeType: resource.mimeType };
      if ('text' in resource && typeof resource.text === 'string')
        return { type: 'resource', uri: resource.uri, ...mime, text: resource.text };
      return {
        type: 'resource',
        uri: resource.uri,
        ...mime,
        blob: 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '',
      };
    }
    default:
      return { type: 'json', value: block as unknown as JsonValue };
  }
}
