import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolResult } from '../values/ToolResult.js';
import type { ContentPart, FileRef } from '../values/ContentPart.js';
import type { JsonValue } from '../values/JsonValue.js';
import type { ToolOutput } from '../values/ToolOutput.js';
import { buildReadFileText } from './buildReadFileText.js';
import { buildShellText } from './buildShellText.js';
import { buildWalkText } from './buildWalkText.js';
import { describeInterruption } from './describeInterruption.js';
import { fitToBudget } from './fitToBudget.js';
import { formatCount } from './formatCount.js';
import { getBase64ByteLength } from './getBase64ByteLength.js';
import type { ModelBlock, ModelContent } from './ModelContent.js';
import { DEFAULT_MAX_CHARS, type ModelContentOptions } from './ModelContentOptions.js';

function describeFile(file: FileRef): string {
  const facts = [file.mimeType, file.size === undefined ? undefined : `${formatCount(file.size)} bytes`].filter((fact) => fact !== undefined);
  const name = file.name === undefined ? file.uri : `${file.name} <${file.uri}>`;
  return facts.length === 0 ? `file: ${name}` : `file: ${name} (${facts.join(', ')})`;
}

function describeStructured(value: JsonValue, options: ModelContentOptions, maxChars: number): string {
  return buildShellText(value, maxChars) ?? buildWalkText(value, options.root) ?? JSON.stringify(value);
}

function toBlock(part: ContentPart): ModelBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'json':
      return { type: 'text', text: JSON.stringify(part.value) };
    case 'file':
      return { type: 'text', text: describeFile(part) };
    case 'media':
      return part.modality === 'image'
        ? { type: 'image', mimeType: part.mimeType, data: part.data }
        : { type: 'text', text: `[${part.modality} (${part.mimeType}, ${formatCount(getBase64ByteLength(part.data))} bytes) not shown]` };
  }
}

function toBlocks(output: ToolOutput, result: ToolResult, options: ModelContentOptions, maxChars: number): ModelBlock[] {
  switch (output.type) {
    case 'text': {
      const page = result.result.isError ? undefined : buildReadFileText(output.text, result.metadata, options.lineNumbers ?? true, maxChars);
      const text = page ?? output.text;
      return [{ type: 'text', text }];
    }
    case 'structured':
      return [{ type: 'text', text: describeStructured(output.value, options, maxChars) }];
    case 'parts':
      return output.parts.map(toBlock);
    case 'files':
      return [{ type: 'text', text: output.files.length === 0 ? 'no files' : output.files.map(describeFile).join('\n') }];
  }
}

/** Adjacent text blocks joined, then the whole text kept within `maxChars` (head + tail). */
function settle(blocks: readonly ModelBlock[], maxChars: number): ModelBlock[] {
  const merged: ModelBlock[] = [];
  for (const block of blocks) {
    const last = merged.at(-1);
    if (block.type === 'text' && last?.type === 'text') merged[merged.length - 1] = { type: 'text', text: `${last.text}\n${block.text}` };
    else merged.push(block);
  }
  const texts = merged.filter((block) => block.type === 'text');
  const total = texts.reduce((sum, block) => sum + block.text.length, 0);
  if (total <= maxChars) return merged;
  return merged.map((block) => (block.type === 'text' ? { type: 'text', text: fitToBudget(block.text, Math.floor((maxChars * block.text.length) / total)) } : block));
}

/**
 * What the model reads for `outcome`, format-independent: text (with paging, truncation and
 * skip notices written in, line numbers on file reads, compact list/glob/grep/shell text,
 * JSON for other structured values) and image blocks, within `maxChars` (default 30,000).
 * A failure reads `[code] message`; an interruption gives `undefined` unless the host asked
 * for a placeholder (`interruptions: 'placeholder'`).
 */
export function buildModelContent(outcome: ToolExecutionOutcome, options: ModelContentOptions = {}): ModelContent | undefined {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  if (!Number.isInteger(maxChars) || maxChars < 200) throw new RangeError(`maxChars must be a whole number from 200 (room for the notice of what was cut); got ${String(maxChars)}.`);
  switch (outcome.status) {
    case 'completed': {
      const { result } = outcome;
      return { isError: result.result.isError, blocks: settle(toBlocks(result.result.output, result, options, maxChars), maxChars) };
    }
    case 'failed':
      return { isError: true, blocks: settle([{ type: 'text', text: `[${outcome.error.code}] ${outcome.error.message}` }], maxChars) };
    case 'interrupted':
      if (options.interruptions !== 'placeholder') return undefined;
      return { isError: false, blocks: [{ type: 'text', text: describeInterruption(outcome.interruption) }] };
  }
}
