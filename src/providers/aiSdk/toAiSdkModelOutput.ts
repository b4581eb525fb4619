import type { AiSdkFileOutputs, AiSdkToolResultOutput, AiSdkVersion } from './AiSdkTool.js';
import type { ModelContent } from '../../index.js';

/** How each `ai` major version takes an image in a tool result. */
const FILE_OUTPUTS: {
  readonly [Version in AiSdkVersion]: (data: string, mediaType: string) => AiSdkFileOutputs[Version];
} = {
  6: (data, mediaType) => ({ type: 'file-data', data, mediaType }),
  7: (data, mediaType) => ({ type: 'file', data: { type: 'data', data }, mediaType }),
};

/**
 * What the AI SDK (`version` and later) sends the model for our content: text, text and images,
 * or an error text.
 */
export function toAiSdkModelOutput<Version extends AiSdkVersion>(
  content: ModelContent,
  version: Version,
): AiSdkToolResultOutput<Version> {
  const hasImages = content.blocks.some((block) => block.type === 'image');
  if (content.isError || !hasImages) {
    const text = content.blocks
      .map((block) =>
        block.type === 'text' ? block.text : `[image (${block.mimeType}) not shown: error results carry text only]`,
      )
      .join('\n');
    return content.isError ? { type: 'error-text', value: text } : { type: 'text', value: text };
  }
  const toFile = FILE_OUTPUTS[version];
  return {
    type: 'content',
    value: content.blocks.map((block) =>
      block.type === 'text' ? { type: 'text', text: block.text } : toFile(block.data, block.mimeType),
    ),
  };
}
