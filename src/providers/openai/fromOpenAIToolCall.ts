import { ToolError } from '../../index.js';
import { refusedWith } from '../../internal/index.js';
import { buildParsedToolCall } from '../buildParsedToolCall.js';
import { fromProviderToolName } from '../fromProviderToolName.js';
import type { OpenAIToolCall } from './OpenAIToolCall.js';
import type { ParsedToolCall } from '../ParsedToolCall.js';
import type { ProviderCallContext } from '../ProviderCallContext.js';

/**
 * The request for an OpenAI tool call: a Chat Completions `tool_calls` entry or a Responses
 * `function_call` item. `callId` is the provider's id (`id` / `call_id`), the name is mapped
 * back (`fs__x` -> `fs.x`), the arguments are parsed (not valid JSON: the call carries an
 * `invalid_input` `failure` to send back instead of executing) and, given `context.specs`, the
 * strict-mode `null`s of absent optional properties are removed.
 */
export function fromOpenAIToolCall(call: OpenAIToolCall, context: ProviderCallContext): ParsedToolCall {
  switch (call.type) {
    case 'function':
      return buildParsedToolCall(call.id, call.function.name, { text: call.function.arguments }, context);
    case 'function_call':
      return buildParsedToolCall(call.call_id, call.name, { text: call.arguments }, context);
    case 'custom': {
      const toolName = fromProviderToolName(call.custom.name);
      const { request } = buildParsedToolCall(call.id, call.custom.name, { value: call.custom.input }, context);
      const message = `Tool \`${toolName}\` takes JSON arguments; it was called as a custom (free-form) tool. Call it as a function with a JSON object.`;
      return {
        request,
        failure: refusedWith(
          new ToolError('invalid_input', message, { errors: [{ path: '', constraint: 'json', message }] }),
        ),
      };
    }
  }
}
