import type { AssistantMessage, ChatMessage, ChatModel } from './ChatMessage.js';

const call = (id: string, name: string, args: object): AssistantMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ type: 'function', id, function: { name, arguments: JSON.stringify(args) } }],
});

function getNextMessage(messages: readonly ChatMessage[]): AssistantMessage {
  switch (messages.filter((message) => message.role === 'assistant').length) {
    case 0:
      return call('call_list', 'fs_list_directory', { path: '.' });
    case 1:
      return call('call_read', 'fs_read_file', { path: 'notes.md' });
    case 2:
      return call('call_write', 'fs_write_file', {
        path: 'summary.md',
        content: '# Summary\n\nTwo tasks: ship the loop, write the docs.\n',
      });
    default: {
      const last = messages.at(-1);
      const failed = last?.role === 'tool' && /^\[\w+\]/u.test(last.content); // an error result reads "[code] message"
      return {
        role: 'assistant',
        content: failed
          ? 'You declined the write, so summary.md was not created.'
          : 'I wrote summary.md with the two tasks from notes.md.',
      };
    }
  }
}

/**
 * A model with a script, in OpenAI Chat format, so the sample needs no network and no key:
 * it lists the workspace, reads the notes, writes a summary, then answers from what the last
 * tool message said. Swap it for a real model; the loop does not change.
 */
export const scriptedModel: ChatModel = (messages) => Promise.resolve(getNextMessage(messages));
