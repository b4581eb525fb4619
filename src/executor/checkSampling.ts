import type { SamplingRequest, SamplingResult } from '../contract/Sampling.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTextContent(value: unknown): value is { type: 'text'; text: string } {
  return isRecord(value) && value['type'] === 'text' && typeof value['text'] === 'string';
}

/**
 * The tool's sampling request as the executor can pass it on, or what is wrong with it: at
 * least one `{ role: 'user' | 'assistant', content: { type: 'text', text } }` message and a
 * whole, positive `maxTokens`. Never throws.
 */
export function checkSamplingRequest(value: unknown): SamplingRequest | string {
  try {
    if (!isRecord(value)) return 'the request must be an object { messages, maxTokens }';
    const { messages, maxTokens, systemPrompt } = value;
    if (!Array.isArray(messages) || messages.length === 0) return 'messages must be a non-empty array';
    for (const [index, message] of messages.entries()) {
      if (!isRecord(message) || (message['role'] !== 'user' && message['role'] !== 'assistant')) {
        return `messages[${index}].role must be 'user' or 'assistant'`;
      }
      if (!isTextContent(message['content'])) return `messages[${index}].content must be { type: 'text', text }`;
    }
    if (typeof maxTokens !== 'number' || !Number.isSafeInteger(maxTokens) || maxTokens < 1) {
      return 'maxTokens must be a whole number from 1';
    }
    if (systemPrompt !== undefined && typeof systemPrompt !== 'string') return 'systemPrompt must be a string';
    return value as unknown as SamplingRequest;
  } catch {
    return 'the request could not be read';
  }
}

/** The host's (or the client's) sampling answer as the tool may see it, or what is wrong with it. Never throws. */
export function checkSamplingResult(value: unknown): SamplingResult | string {
  try {
    if (!isRecord(value)) return 'the answer must be an object { role, content, model }';
    const { content, model, stopReason } = value;
    if (!isTextContent(content)) return "content must be { type: 'text', text }";
    if (typeof model !== 'string') return 'model must be a string';
    return {
      role: 'assistant',
      content: { type: 'text', text: content.text },
      model,
      ...(typeof stopReason === 'string' ? { stopReason } : {}),
    };
  } catch {
    return 'the answer could not be read';
  }
}
