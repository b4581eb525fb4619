import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ContentPart, JsonValue, ToolOutput } from '../index.js';
import { buildContentPart } from './buildContentPart.js';

export interface RemoteOutput {
  readonly output: ToolOutput;
  /** Whether parts were cut or left out to stay under the cap. */
  readonly truncated: boolean;
}

function measure(part: ContentPart): number {
  return JSON.stringify(part).length;
}

/** JSON escapes a character to at most 6 (`\\uXXXX`); the rest of a text part is under 32. */
const MAX_ESCAPED_CHAR = 6;
const TEXT_PART_OVERHEAD = 32;

/** Whether the parts surely fit in `maxBytes` without serializing them (text-only results). */
function surelyFits(parts: readonly ContentPart[], maxBytes: number): boolean {
  let bound = 0;
  for (const part of parts) {
    if (part.type !== 'text') return false;
    bound += part.text.length * MAX_ESCAPED_CHAR + TEXT_PART_OVERHEAD;
  }
  return bound <= maxBytes;
}

/** Keeps parts in order while they fit in `budget`; cuts the first text that does not, notes the rest. */
function capParts(parts: readonly ContentPart[], budget: number): ContentPart[] {
  const kept: ContentPart[] = [];
  let left = budget;
  for (const part of parts) {
    const size = measure(part);
    if (size <= left) {
      kept.push(part);
      left -= size;
      continue;
    }
    const note = `[${part.type === 'media' ? `${part.modality} ` : ''}${part.type} part of ${size} characters left out: the result exceeds the ${budget}-character cap]`;
    if (part.type === 'text' && left > note.length + 32) {
      kept.push({ type: 'text', text: `${part.text.slice(0, left - note.length - 32)}\n${note}` });
    } else {
      kept.push({ type: 'text', text: note });
    }
    left = Math.max(0, left - note.length);
  }
  return kept;
}

/**
 * A remote result as a ToolOutput: every content block and `structuredContent` kept (the latter
 * as a final `json` part). A result that is one text block is plain `text`. Over `maxBytes`
 * characters of JSON, parts are cut or replaced by a note saying what was left out.
 */
export function buildRemoteOutput(result: CallToolResult, maxBytes: number): RemoteOutput {
  const parts: ContentPart[] = result.content.map(buildContentPart);
  if (result.structuredContent !== undefined)
    parts.push({ type: 'json', value: result.structuredContent as JsonValue });
  const truncated = !surelyFits(parts, maxBytes) && parts.reduce((sum, part) => sum + measure(part), 0) > maxBytes;
  const capped = truncated ? capParts(parts, maxBytes) : parts;
  const [first] = capped;
  if (capped.length === 0) return { output: { type: 'text', text: '' }, truncated };
  if (capped.length === 1 && first?.type === 'text') return { output: { type: 'text', text: first.text }, truncated };
  return { output: { type: 'parts', parts: capped }, truncated };
}
