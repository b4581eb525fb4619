import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ContentPart } from '../index.js';

/**
 * One content part as an MCP content block: text as text, JSON as its text, image and audio
 * media as theirs (other media as an embedded blob), a file reference as a `resource_link`, an
 * embedded resource as a `resource` block.
 */
export function toContentBlock(part: ContentPart): ContentBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'json':
      return { type: 'text', text: JSON.stringify(part.value) };
    case 'media':
      return part.modality === 'image' || part.modality === 'audio'
        ? { type: part.modality, data: part.data, mimeType: part.mimeType }
        : {
            type: 'resource',
            resource: { uri: `data:${part.mimeType};base64,`, mimeType: part.mimeType, blob: part.data },
          };
    case 'resource': {
      const mime = part.mimeType === undefined ? {} : { mimeType: part.mimeType };
      return {
        type: 'resource',
        resource:
          'text' in part ? { uri: part.uri, ...mime, text: part.text } : { uri: part.uri, ...mime, blob: part.blob },
      };
    }
    case 'file':
      return {
        type: 'resource_link',
        uri: part.uri,
        name: part.name ?? part.uri,
        ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType }),
        ...(part.size === undefined ? {} : { size: part.size }),
      };
  }
}
