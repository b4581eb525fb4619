import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ContentPart, ToolExecutionOutcome, ToolOutput, ToolSpec } from '../index.js';
import { describeApproval } from './describeApproval.js';

function toBlock(part: ContentPart): ContentBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'json':
      return { type: 'text', text: JSON.stringify(part.value) };
    case 'media':
      return part.modality === 'image' || part.modality === 'audio'
        ? { type: part.modality, data: part.data, mimeType: part.mimeType }
        : { type: 'resource', resource: { uri: `data:${part.mimeType};base64,`, mimeType: part.mimeType, blob: part.data } };
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

function toContent(output: ToolOutput): ContentBlock[] {
  switch (output.type) {
    case 'text':
      return [{ type: 'text', text: output.text }];
    case 'structured':
      return [{ type: 'text', text: JSON.stringify(output.value) }];
    case 'parts':
      return output.parts.map(toBlock);
    case 'files':
      return output.files.map((file) => toBlock({ type: 'file', ...file }));
  }
}

/** The `_meta` key under which a completed result's metadata travels (paging facts, sizes, ...). */
export const RESULT_METADATA_META_KEY = 'agentkit-tools/metadata';

/**
 * The metadata of a completed result, for the client (`_meta`) and, when the result says it is
 * partial (`truncated: true`), for the model too: a last text block, so a paged read over MCP
 * never looks like the whole file.
 */
function buildMetadata(metadata: Readonly<Record<string, unknown>>): Pick<CallToolResult, '_meta'> & { note?: ContentBlock } {
  if (Object.keys(metadata).length === 0) return {};
  const note: ContentBlock | undefined =
    metadata['truncated'] === true ? { type: 'text', text: `[This result is partial. Its metadata: ${JSON.stringify(metadata)}]` } : undefined;
  return { _meta: { [RESULT_METADATA_META_KEY]: metadata }, ...(note === undefined ? {} : { note }) };
}

/** A refusal or failure as an MCP error result the client's model can read. */
export function buildErrorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * An executor outcome as an MCP tool result: completed output as content blocks (plus
 * `structuredContent` when the tool declares an output schema and returned structured data,
 * and the result's metadata under `_meta["agentkit-tools/metadata"]`),
 * failures and interruptions as `isError` results carrying the message.
 */
export function buildCallToolResult(outcome: ToolExecutionOutcome, spec: ToolSpec | undefined): CallToolResult {
  switch (outcome.status) {
    case 'completed': {
      const { output, isError } = outcome.result.result;
      const structured = output.type === 'structured' && spec?.outputSchema !== undefined && typeof output.value === 'object' && output.value !== null && !Array.isArray(output.value);
      const { note, ...meta } = buildMetadata(outcome.result.metadata);
      return {
        content: note === undefined ? toContent(output) : [...toContent(output), note],
        ...(structured ? { structuredContent: output.value as Record<string, unknown> } : {}),
        ...(isError ? { isError: true } : {}),
        ...meta,
      };
    }
    case 'failed':
      return buildErrorResult(`[${outcome.error.code}] ${outcome.error.message}`);
    case 'interrupted':
      return outcome.interruption.type === 'approval_required'
        ? buildErrorResult(`[approval_required] Refused: this call needs a person's approval, and this MCP client cannot ask for it (no elicitation support). Nothing was run.\n${describeApproval(outcome.interruption.approval)}`)
        : buildErrorResult(`[auth_required] This call needs authentication with ${outcome.interruption.auth.provider} first. Nothing was run.`);
  }
}
