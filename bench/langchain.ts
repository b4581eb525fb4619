import { tool } from '@langchain/core/tools';
import { ECHO_DESCRIPTION, ECHO_INPUT, ECHO_TOOL_NAME, echoZodSchema, type EchoSubject } from './echo.js';

/** The echo tool in LangChain.js: `tool(fn, { schema })`, called with `.invoke(args)`. */
export function createLangChainSubject(): EchoSubject {
  const echoTool = tool((input) => Promise.resolve(input.text), {
    name: ECHO_TOOL_NAME,
    description: ECHO_DESCRIPTION,
    schema: echoZodSchema,
  });
  return {
    name: 'LangChain.js tool().invoke',
    validates: true,
    call: () => echoTool.invoke(ECHO_INPUT),
    echo: (input) => echoTool.invoke(input as typeof ECHO_INPUT),
  };
}
