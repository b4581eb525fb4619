import { type ToolExecutionOutcome } from '../../index.js';
import { buildModelContent } from '../../internal/index.js';
import type { RenderToolResultOptions } from './RenderToolResultOptions.js';
import { toProviderToolName } from '../toProviderToolName.js';
import { toAnthropicBlock, toGeminiPart, toOpenAIChatMessage, toOpenAIResponsesItem } from './toProviderContent.js';
import type { ToolResultFormat } from './ToolResultFormat.js';
import type { ToolResultMessage } from './ToolResultMessage.js';

function findCallId(outcome: ToolExecutionOutcome, options: RenderToolResultOptions): string | undefined {
  if (options.callId !== undefined) return options.callId;
  if (outcome.status === 'completed') return outcome.result.result.callId;
  if (outcome.status === 'interrupted') return interruptedCall(outcome).callId;
  return undefined;
}

function findToolName(outcome: ToolExecutionOutcome, options: RenderToolResultOptions): string | undefined {
  if (options.toolName !== undefined) return options.toolName;
  if (outcome.status !== 'interrupted') return undefined;
  return interruptedCall(outcome).toolName;
}

/** The call an interruption names (a nested call's own when a child stopped). */
function interruptedCall(outcome: Extract<ToolExecutionOutcome, { status: 'interrupted' }>): {
  readonly callId: string;
  readonly toolName: string;
} {
  const { interruption } = outcome;
  switch (interruption.type) {
    case 'approval_required':
      return interruption.approval;
    case 'auth_required':
      return interruption.auth;
    case 'input_required':
      return interruption.input;
    case 'capability_required':
      return interruption;
  }
}

/**
 * The provider's tool-result message for `outcome`, holding what the model should read (see
 * `buildModelContent`): a Chat Completions `tool` message, a Responses `function_call_output`
 * item, an Anthropic `tool_result` block (`is_error` on failures) or a Gemini
 * `functionResponse` part. Throws a `TypeError` for an interrupted outcome unless
 * `interruptions: 'placeholder'` (the host resolves those: approve, reject, authenticate),
 * for a `failed` outcome without `callId`, and for Gemini without a `toolName`.
 */
export function renderToolResult<F extends ToolResultFormat>(
  outcome: ToolExecutionOutcome,
  format: F,
  options?: RenderToolResultOptions,
): ToolResultMessage<F>;
export function renderToolResult(
  outcome: ToolExecutionOutcome,
  format: ToolResultFormat,
  options: RenderToolResultOptions = {},
): ToolResultMessage {
  const content = buildModelContent(outcome, options);
  if (content === undefined) {
    throw new TypeError(
      `renderToolResult: this call is waiting for the host (${outcome.status === 'interrupted' ? outcome.interruption.type : outcome.status}). Resolve it (approve with executeApproved, reject, or authenticate and run it again) and render that outcome, or pass { interruptions: 'placeholder' } to send a "waiting" result.`,
    );
  }
  const callId = findCallId(outcome, options);
  if (callId === undefined)
    throw new TypeError(
      `renderToolResult: a ${outcome.status} outcome does not carry the provider's call id; pass { callId }.`,
    );
  switch (format) {
    case 'openai-chat':
      return toOpenAIChatMessage(content, callId);
    case 'openai-responses':
      return toOpenAIResponsesItem(content, callId);
    case 'anthropic':
      return toAnthropicBlock(content, callId);
    case 'gemini': {
      const toolName = findToolName(outcome, options);
      if (toolName === undefined)
        throw new TypeError("renderToolResult: Gemini's functionResponse names the function; pass { toolName }.");
      return toGeminiPart(content, callId, toProviderToolName(toolName));
    }
  }
}
