import type { ModelBlock, ModelContent } from '../../index.js';
import { formatCount, getBase64ByteLength } from '../../kernel/index.js';
import type {
  AnthropicToolResult,
  AnthropicToolResultContent,
  GeminiFunctionResponsePart,
  OpenAIChatToolMessage,
  OpenAIFunctionCallOutput,
  OpenAIFunctionCallOutputItem,
} from './ToolResultMessage.js';

const ANTHROPIC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
type AnthropicImageType = (typeof ANTHROPIC_IMAGE_TYPES)[number];

function isAnthropicImageType(mimeType: string): mimeType is AnthropicImageType {
  return (ANTHROPIC_IMAGE_TYPES as readonly string[]).includes(mimeType);
}

function imageNote(block: Extract<ModelBlock, { type: 'image' }>, why: string): string {
  return `[image (${block.mimeType}, ${formatCount(getBase64ByteLength(block.data))} bytes) not shown: ${why}]`;
}

/** Text only: images become notes saying they were left out and why. */
function toText(content: ModelContent, why: string): string {
  return content.blocks.map((block) => (block.type === 'text' ? block.text : imageNote(block, why))).join('\n');
}

/** OpenAI Chat Completions: a `tool` message; tool messages carry text only. */
export function toOpenAIChatMessage(content: ModelContent, callId: string): OpenAIChatToolMessage {
  return {
    role: 'tool',
    tool_call_id: callId,
    content: toText(content, 'tool messages of the Chat Completions API carry text only'),
  };
}

/** OpenAI Responses: a `function_call_output` item; a string, or `input_text` / `input_image` items when there are images. */
export function toOpenAIResponsesItem(content: ModelContent, callId: string): OpenAIFunctionCallOutput {
  if (!content.blocks.some((block) => block.type === 'image'))
    return { type: 'function_call_output', call_id: callId, output: toText(content, '') };
  const output = content.blocks.map((block): OpenAIFunctionCallOutputItem =>
    block.type === 'text'
      ? { type: 'input_text', text: block.text }
      : { type: 'input_image', image_url: `data:${block.mimeType};base64,${block.data}`, detail: 'auto' },
  );
  return { type: 'function_call_output', call_id: callId, output };
}

/** Anthropic: a `tool_result` block (`is_error` on failures); images as base64 image blocks. */
export function toAnthropicBlock(content: ModelContent, callId: string): AnthropicToolResult {
  const error = content.isError ? { is_error: true as const } : {};
  if (!content.blocks.some((block) => block.type === 'image'))
    return { type: 'tool_result', tool_use_id: callId, content: toText(content, ''), ...error };
  const blocks = content.blocks.map((block): AnthropicToolResultContent => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (isAnthropicImageType(block.mimeType))
      return { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } };
    return { type: 'text', text: imageNote(block, `Anthropic accepts ${ANTHROPIC_IMAGE_TYPES.join(', ')} only`) };
  });
  return { type: 'tool_result', tool_use_id: callId, content: blocks, ...error };
}

/** Gemini: a `functionResponse` part, `{ output }` or `{ error }`, images as inline-data parts. */
export function toGeminiPart(content: ModelContent, callId: string, name: string): GeminiFunctionResponsePart {
  const text = content.blocks
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
  const parts = content.blocks.flatMap((block) =>
    block.type === 'image' ? [{ inlineData: { mimeType: block.mimeType, data: block.data } }] : [],
  );
  return {
    functionResponse: {
      id: callId,
      name,
      response: content.isError ? { error: text } : { output: text },
      ...(parts.length === 0 ? {} : { parts }),
    },
  };
}
