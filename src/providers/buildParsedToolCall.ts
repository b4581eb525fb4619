import type { JsonValue } from '../index.js';
import { buildInvalidJsonFailure } from './buildInvalidJsonFailure.js';
import { fromProviderToolName } from './fromProviderToolName.js';
import type { ParsedToolCall } from './ParsedToolCall.js';
import type { ProviderCallContext } from './ProviderCallContext.js';
import { removeOptionalNulls } from './removeOptionalNulls.js';

/** What a provider sent: arguments still as text (OpenAI), or already parsed (Anthropic, Gemini). */
export type ProviderArguments = { readonly text: string } | { readonly value: unknown };

function parse(text: string): { readonly value: JsonValue } | { readonly problem: string } {
  // Models call tools without parameters with "" as often as with "{}".
  if (text.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(text) as JsonValue };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The parsed call for a provider's call id, provider-safe name and arguments. */
export function buildParsedToolCall(
  callId: string,
  providerName: string,
  args: ProviderArguments,
  context: ProviderCallContext,
): ParsedToolCall {
  const toolName = fromProviderToolName(providerName);
  const parsed = 'text' in args ? parse(args.text) : { value: (args.value ?? {}) as JsonValue };
  const request = {
    callId,
    toolName,
    sessionId: context.sessionId,
    turnId: context.turnId,
    metadata: { ...context.metadata },
  };
  if ('problem' in parsed)
    return {
      request: { ...request, input: 'text' in args ? args.text : null },
      failure: buildInvalidJsonFailure(toolName, parsed.problem),
    };
  const spec = context.specs?.find((candidate) => candidate.name === toolName);
  return {
    request: {
      ...request,
      input: spec === undefined ? parsed.value : removeOptionalNulls(parsed.value, spec.inputSchema),
    },
  };
}
