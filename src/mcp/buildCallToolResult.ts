import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import {
  type MetadataMap,
  type ModelContentOptions,
  type ToolExecutionOutcome,
  type ToolInterruption,
  type ToolOutput,
  type ToolSpec,
  type ModelBlock,
} from '../index.js';
import { buildModelContent, quoteForDisplay } from '../internal/index.js';
import { describeApproval } from './describeApproval.js';
import { toContentBlock } from './toContentBlock.js';

function fromModelBlock(block: ModelBlock): ContentBlock {
  return block.type === 'text'
    ? { type: 'text', text: block.text }
    : { type: 'image', data: block.data, mimeType: block.mimeType };
}

/**
 * The content the client's model reads. Text and structured outputs are written by the core's
 * `buildModelContent`, the renderer the provider adapters use (line-numbered reads with their
 * paging notice, compact list/glob/grep and shell text, the 30,000-character head + tail
 * budget); parts and files keep MCP's own blocks (audio, embedded resources, resource links),
 * which MCP carries and a provider message does not.
 */
function toContent(
  outcome: ToolExecutionOutcome & { status: 'completed' },
  render: ModelContentOptions,
): ContentBlock[] {
  const { output } = outcome.result.result;
  switch (output.type) {
    case 'text':
    case 'structured':
      return (buildModelContent(outcome, render)?.blocks ?? []).map(fromModelBlock);
    case 'parts':
      return output.parts.map(toContentBlock);
    case 'files':
      return output.files.map((file) => toContentBlock({ type: 'file', ...file }));
  }
}

/** Whether the result is an `fs_read_file` page, whose text the renderer gives its paging and cut-line notices. */
function isReadPage(output: ToolOutput, isError: boolean, metadata: MetadataMap): boolean {
  const { totalLines, offset, limit, truncated } = metadata;
  return (
    output.type === 'text' &&
    !isError &&
    typeof totalLines === 'number' &&
    typeof offset === 'number' &&
    typeof limit === 'number' &&
    typeof truncated === 'boolean'
  );
}

/** The `_meta` key under which a completed result's metadata travels (paging facts, sizes, ...). */
export const RESULT_METADATA_META_KEY = 'agentkit-tools/metadata';

/**
 * The metadata of a completed result, for the client (`_meta`) and, when the result says it is
 * partial (`truncated: true`) and the rendered text does not already say so (a read page
 * carries its paging notice), for the model too: a last text block, so a partial result over
 * MCP never looks whole.
 */
function buildMetadata(
  output: ToolOutput,
  isError: boolean,
  metadata: MetadataMap,
): Pick<CallToolResult, '_meta'> & { note?: ContentBlock } {
  if (Object.keys(metadata).length === 0) return {};
  const note: ContentBlock | undefined =
    metadata['truncated'] === true && !isReadPage(output, isError, metadata)
      ? { type: 'text', text: `[This result is partial. Its metadata: ${JSON.stringify(metadata)}]` }
      : undefined;
  return { _meta: { [RESULT_METADATA_META_KEY]: metadata }, ...(note === undefined ? {} : { note }) };
}

/** A refusal or failure as an MCP error result the client's model can read. */
export function buildErrorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * An executor outcome as an MCP tool result: completed output as content blocks, the text
 * written by the same renderer as the provider adapters' (plus
 * `structuredContent` when the tool declares an output schema and returned structured data,
 * and the result's metadata under `_meta["agentkit-tools/metadata"]`),
 * failures and interruptions as `isError` results carrying the message.
 */
export function buildCallToolResult(
  outcome: ToolExecutionOutcome,
  spec: ToolSpec | undefined,
  render: ModelContentOptions = {},
): CallToolResult {
  switch (outcome.status) {
    case 'completed': {
      const { output, isError } = outcome.result.result;
      const structured =
        output.type === 'structured' &&
        spec?.outputSchema !== undefined &&
        typeof output.value === 'object' &&
        output.value !== null &&
        !Array.isArray(output.value);
      const { note, ...meta } = buildMetadata(output, isError, outcome.result.metadata);
      return {
        content: note === undefined ? toContent(outcome, render) : [...toContent(outcome, render), note],
        ...(structured ? { structuredContent: output.value as Record<string, unknown> } : {}),
        ...(isError ? { isError: true } : {}),
        ...meta,
      };
    }
    case 'failed':
      return { content: (buildModelContent(outcome, render)?.blocks ?? []).map(fromModelBlock), isError: true };
    case 'interrupted':
      return buildInterruptedResult(outcome.interruption);
  }
}

/** What the client reads of a call that waits for the host. */
function buildInterruptedResult(interruption: ToolInterruption): CallToolResult {
  switch (interruption.type) {
    case 'approval_required':
      return buildErrorResult(
        `[approval_required] Refused: this call needs a person's approval, and this MCP client cannot ask for it (no elicitation support). Nothing was run.\n${describeApproval(interruption.approval)}`,
      );
    case 'auth_required':
      return buildErrorResult(
        `[auth_required] This call needs authentication with ${interruption.auth.provider} first. Nothing was run.`,
      );
    case 'input_required':
      return buildErrorResult(
        `[input_required] This call asks the user a question, and this MCP client cannot ask it (no form elicitation support): ${quoteForDisplay(interruption.input.message, Number.POSITIVE_INFINITY, 'line')}`,
      );
    case 'capability_required':
      return buildErrorResult(
        `[capability_required] This call needs ${interruption.capability}, which this MCP client does not offer. ${interruption.message}`,
      );
  }
}
