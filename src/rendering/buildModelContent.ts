import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolResult } from '../values/ToolResult.js';
import type { ContentPart, FileRef } from '../values/ContentPart.js';
import type { JsonValue } from '../values/JsonValue.js';
import type { ToolOutput } from '../values/ToolOutput.js';
import { buildChangeText } from './buildChangeText.js';
import { buildReadFileText } from './buildReadFileText.js';
import { buildShellText } from './buildShellText.js';
import { buildWalkText } from './buildWalkText.js';
import { describeInterruption } from './describeInterruption.js';
import { fitToBudget } from './fitToBudget.js';
import type { ModelBlock, ModelContent } from './ModelContent.js';
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_IMAGES, type ModelContentOptions } from './ModelContentOptions.js';
import { formatCount, getBase64ByteLength } from '../kernel/index.js';

function describeFile(file: FileRef): string {
  const facts = [file.mimeType, file.size === undefined ? undefined : `${formatCount(file.size)} bytes`].filter(
    (fact) => fact !== undefined,
  );
  const name = file.name === undefined ? file.uri : `${file.name} <${file.uri}>`;
  return facts.length === 0 ? `file: ${name}` : `file: ${name} (${facts.join(', ')})`;
}

/** An embedded resource for the model: its text under a line naming it; an image blob as the image; other bytes described. */
function describeResource(part: ContentPart & { type: 'resource' }): ModelBlock {
  const name = part.mimeType === undefined ? part.uri : `${part.uri} (${part.mimeType})`;
  if ('text' in part) return { type: 'text', text: `resource: ${name}\n${part.text}` };
  if (part.mimeType?.startsWith('image/') === true) return { type: 'image', mimeType: part.mimeType, data: part.blob };
  return { type: 'text', text: `[resource: ${name}, ${formatCount(getBase64ByteLength(part.blob))} bytes, not shown]` };
}

function describeStructured(value: JsonValue, options: ModelContentOptions, maxChars: number): string {
  return (
    buildShellText(value, maxChars) ??
    buildChangeText(value, maxChars, options.root) ??
    buildWalkText(value, options.root) ??
    JSON.stringify(value)
  );
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
        : {
            type: 'text',
            text: `[${part.modality} (${part.mimeType}, ${formatCount(getBase64ByteLength(part.data))} bytes) not shown]`,
          };
    case 'resource':
      return describeResource(part);
  }
}

function toBlocks(
  output: ToolOutput,
  result: ToolResult,
  options: ModelContentOptions,
  maxChars: number,
): ModelBlock[] {
  switch (output.type) {
    case 'text': {
      const page = result.result.isError
        ? undefined
        : buildReadFileText(output.text, result.metadata, options.lineNumbers ?? true, maxChars);
      const text = page ?? output.text;
      return [{ type: 'text', text }];
    }
    case 'structured':
      return [{ type: 'text', text: describeStructured(output.value, options, maxChars) }];
    case 'parts':
      return output.parts.map(toBlock);
    case 'files':
      return [
        { type: 'text', text: output.files.length === 0 ? 'no files' : output.files.map(describeFile).join('\n') },
      ];
  }
}

/** The least a text block that must be cut is given: room for a head, a tail and the notice between them. */
const MIN_CUT_SHARE = 200;
/** Room kept for the notice of text blocks left out. */
const LEFT_OUT_NOTICE_ROOM = 160;

/**
 * Budgets for texts of these lengths summing to at most `budget`: texts shorter than an even
 * share of what is left keep their whole length, the longer ones split the rest evenly.
 */
function shareBudget(lengths: readonly number[], budget: number): number[] {
  const shares = lengths.map(() => 0);
  const order = lengths.map((_, index) => index).sort((a, b) => (lengths[a] as number) - (lengths[b] as number));
  let remaining = budget;
  order.forEach((index, position) => {
    const share = Math.min(lengths[index] as number, Math.floor(remaining / (order.length - position)));
    shares[index] = share;
    remaining -= share;
  });
  return shares;
}

/**
 * Adjacent text blocks joined, images past `maxImages` described instead of sent, then the text
 * kept within `maxChars`: short blocks whole, long ones cut to head + tail. When there are more
 * text blocks than the budget can show (each cut one needs room for its notice), the last ones
 * are left out with one notice saying how many.
 */
function settle(blocks: readonly ModelBlock[], maxChars: number, maxImages: number): ModelBlock[] {
  const merged: ModelBlock[] = [];
  let images = 0;
  for (const original of blocks) {
    const block: ModelBlock =
      original.type === 'image' && ++images > maxImages
        ? {
            type: 'text',
            text: `[image (${original.mimeType}, ${formatCount(getBase64ByteLength(original.data))} bytes) not shown: only the first ${formatCount(maxImages)} images are sent]`,
          }
        : original;
    const last = merged.at(-1);
    if (block.type === 'text' && last?.type === 'text')
      merged[merged.length - 1] = { type: 'text', text: `${last.text}\n${block.text}` };
    else merged.push(block);
  }
  const texts = merged.filter((block) => block.type === 'text');
  if (texts.reduce((sum, block) => sum + block.text.length, 0) <= maxChars) return merged;
  const shown =
    texts.length * MIN_CUT_SHARE <= maxChars
      ? texts.length
      : Math.max(0, Math.floor((maxChars - LEFT_OUT_NOTICE_ROOM) / MIN_CUT_SHARE));
  const left = texts.slice(shown);
  const notice =
    left.length === 0
      ? ''
      : `[... ${formatCount(left.length)} more text blocks (${formatCount(left.reduce((sum, block) => sum + block.text.length, 0))} characters) left out to fit ${formatCount(maxChars)} characters ...]`;
  const shares = shareBudget(
    texts.slice(0, shown).map((block) => block.text.length),
    maxChars - (notice === '' ? 0 : notice.length + 1),
  );
  const settled: ModelBlock[] = [];
  let textIndex = 0;
  for (const block of merged) {
    if (block.type !== 'text') settled.push(block);
    else if (textIndex < shown)
      settled.push({ type: 'text', text: fitToBudget(block.text, shares[textIndex++] as number) });
    else textIndex++;
  }
  if (notice !== '') settled.push({ type: 'text', text: notice });
  return settled;
}

/**
 * What the model reads for `outcome`, format-independent: text (with paging, truncation and
 * skip notices written in, line numbers on file reads, compact list/glob/grep/shell text,
 * JSON for other structured values) and image blocks (at most `maxImages`, default 8), within
 * `maxChars` (default 30,000).
 * A failure reads `[code] message`; an interruption gives `undefined` unless the host asked
 * for a placeholder (`interruptions: 'placeholder'`).
 * @internal
 */
export function buildModelContent(
  outcome: ToolExecutionOutcome,
  options: ModelContentOptions = {},
): ModelContent | undefined {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  if (!Number.isInteger(maxChars) || maxChars < 200)
    throw new RangeError(
      `maxChars must be a whole number from 200 (room for the notice of what was cut); got ${String(maxChars)}.`,
    );
  const maxImages = options.maxImages ?? DEFAULT_MAX_IMAGES;
  if (!Number.isInteger(maxImages) || maxImages < 0)
    throw new RangeError(`maxImages must be a whole number from 0; got ${String(maxImages)}.`);
  switch (outcome.status) {
    case 'completed': {
      const { result } = outcome;
      return {
        isError: result.result.isError,
        blocks: settle(toBlocks(result.result.output, result, options, maxChars), maxChars, maxImages),
      };
    }
    case 'failed':
      return {
        isError: true,
        blocks: settle(
          [{ type: 'text', text: `[${outcome.error.code}] ${outcome.error.message}` }],
          maxChars,
          maxImages,
        ),
      };
    case 'interrupted':
      if (options.interruptions !== 'placeholder') return undefined;
      return { isError: false, blocks: [{ type: 'text', text: describeInterruption(outcome.interruption) }] };
  }
}
