import { executeTool, safeValidateTypes } from '@ai-sdk/provider-utils';
import { asSchema, tool } from 'ai';
import { ECHO_DESCRIPTION, ECHO_INPUT, echoZodSchema, type EchoSubject } from './echo.js';

/**
 * The echo tool in the Vercel AI SDK, run the way `generateText` runs a tool call once the
 * model's JSON is parsed: `safeValidateTypes` against the tool's input schema, then
 * `executeTool`, draining its output stream for the final value. The schema is converted with
 * `asSchema` once, up front (the SDK does it per call), and the SDK's telemetry, callbacks and
 * timeout wrapping around `executeTool` are not included: this is the SDK's lower bound.
 */
export function createVercelAiSubject(): EchoSubject {
  const echoTool = tool({
    description: ECHO_DESCRIPTION,
    inputSchema: echoZodSchema,
    execute: (input) => Promise.resolve(input.text),
  });
  const schema = asSchema(echoTool.inputSchema);
  const echo = async (input: unknown, toolCallId: string): Promise<unknown> => {
    const parsed = await safeValidateTypes({ value: input, schema });
    if (!parsed.success) throw parsed.error;
    let output: unknown;
    for await (const part of executeTool({
      tool: echoTool,
      input: parsed.value,
      options: { toolCallId, messages: [], context: undefined as never },
    })) {
      if (part.type === 'final') output = part.output;
    }
    return output;
  };
  return {
    name: 'Vercel AI SDK validate + executeTool',
    validates: true,
    call: (i) => echo(ECHO_INPUT, `call-${i}`),
    echo: (input) => echo(input, 'verify'),
  };
}
