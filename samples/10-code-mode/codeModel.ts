import type { AssistantMessage, ChatModel } from '../08-agent-loop/ChatMessage.js';
import { FIRST_STEPS_SCRIPT } from './FIRST_STEPS_SCRIPT.js';

/**
 * A scripted code-mode model, in OpenAI Chat format (no network, no key): offered `code_run`,
 * its first turn is one `code_run` call with the script of the demo's first five steps; then it
 * answers from what the call returned (an error result reads "[code] message").
 */
export const codeModel: ChatModel = (messages, tools) => {
  if (!tools.some((tool) => tool.function.name === 'code_run')) {
    return Promise.reject(new Error('The code-mode model needs code_run among its tools.'));
  }
  const answer = messages.find((message) => message.role === 'tool');
  if (answer?.role === 'tool') {
    const failed = /^\[\w+\]/u.test(answer.content);
    return Promise.resolve<AssistantMessage>({
      role: 'assistant',
      content: failed
        ? 'The script stopped before it finished, so docs/guide.md may still have the typo.'
        : 'I fixed the typo in docs/guide.md, and scripts/check.sh passes.',
    });
  }
  return Promise.resolve<AssistantMessage>({
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        type: 'function',
        id: 'call_code',
        function: { name: 'code_run', arguments: JSON.stringify({ code: FIRST_STEPS_SCRIPT }) },
      },
    ],
  });
};
