import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ContentPart, JsonValue } from '../index.js';

/** Decoded size of base64 `data`, in bytes. */
function getBase64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/**
 * One MCP content block as a content part: text as text, image and audio as `media`, a
 * `resource_link` as a `file` reference (never fetched), an embedded text resource as its
 * text, an embedded blob resource as a `file` reference to its URI.
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
      if ('text' in resource && typeof resource.text === 'string') return { type: 'text', text: resource.text };
      return {
        type: 'file',
        uri: resource.uri,
        ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
        ...('blob' in resource && typeof resource.blob === 'string' ? { size: getBase64Size(resource.blob) } : {}),
      };
    }
    default:
      return { type: 'json', value: block as unknown as JsonValue };
  }
}
