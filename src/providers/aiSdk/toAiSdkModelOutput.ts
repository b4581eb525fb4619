import type { AiSdkToolResultOutput } from './AiSdkTool.js';
import type { ModelContent } from '../../index.js';

/** What the AI SDK sends the model for our content: text, text and images, or an error text. */
export function toAiSdkModelOutput(content: ModelContent): AiSdkToolResultOutput {
  const hasImages = content.blocks.some((block) => block.type === 'image');
  if (content.isError || !hasImages) {
    const text = content.blocks
      .map((block) =>
        block.type === 'text' ? block.text : `[image (${block.mimeType}) not shown: error results carry text only]`,
      )
      .join('\n');
    return content.isError ? { type: 'error-text', value: text } : { type: 'text', value: text };
  }
  return {
    type: 'content',
    value: content.blocks.map((block) =>
      block.type === 'text'
        ? { type: 'text', text: block.text }
        : { type: 'file', data: { type: 'data', data: block.data }, mediaType: block.mimeType },
    ),
  };
}
