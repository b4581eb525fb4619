import { invokeFunctionTool, RunContext, tool } from '@openai/agents';
import { ECHO_DESCRIPTION, ECHO_INPUT_JSON, ECHO_TOOL_NAME, echoZodSchema, type EchoSubject } from './echo.js';

/**
 * The echo tool in the OpenAI Agents SDK, called the way its runner calls a function tool:
 * `invokeFunctionTool({ tool, runContext, input })`, where `input` is the model's raw JSON
 * arguments (the SDK parses them, then validates them with the zod schema).
 */
export function createOpenAIAgentsSubject(): EchoSubject {
  const echoTool = tool({
    name: ECHO_TOOL_NAME,
    description: ECHO_DESCRIPTION,
    parameters: echoZodSchema,
    execute: (input) => Promise.resolve(input.text),
  });
  const runContext = new RunContext();
  const invoke = (input: string): Promise<unknown> => invokeFunctionTool({ tool: echoTool, runContext, input });
  return {
    name: 'OpenAI Agents SDK invokeFunctionTool',
    validates: true,
    call: () => invoke(ECHO_INPUT_JSON),
    echo: (input) => invoke(JSON.stringify(input)),
  };
}
