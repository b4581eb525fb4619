import type { AssistantMessage, ChatMessage, ChatModel } from '../08-agent-loop/ChatMessage.js';

type Call = readonly [id: string, name: string, args: object];

/** The script: one model turn per entry (the last one makes two calls at once). */
const SCRIPT: readonly (readonly Call[])[] = [
  [['call_list', 'fs_list_directory', { path: '.' }]],
  [['call_grep', 'fs_grep', { pattern: 'teh ' }]],
  [['call_read', 'fs_read_file', { path: 'docs/guide.md' }]],
  [
    [
      'call_edit',
      'fs_edit_file',
      { path: 'docs/guide.md', oldString: 'Run teh check script', newString: 'Run the check script' },
    ],
  ],
  [['call_check', 'shell_exec', { command: 'bash scripts/check.sh' }]],
  [['call_issue', 'mcp_tracker_get_issue', { id: 42 }]],
  [['call_owner', 'owners_lookup', { path: 'docs/guide.md' }]],
  [
    ['call_escape_abs', 'fs_read_file', { path: '/etc/passwd' }],
    ['call_escape_rel', 'fs_read_file', { path: '../../../../etc/passwd' }],
  ],
];

/** Whether the tool message answering `callId` is an error result (they read "[code] message"). */
function failed(messages: readonly ChatMessage[], callId: string): boolean {
  const answer = messages.find((message) => message.role === 'tool' && message.tool_call_id === callId);
  return answer === undefined || (answer.role === 'tool' && /^\[\w+\]/u.test(answer.content));
}

function getNextMessage(messages: readonly ChatMessage[]): AssistantMessage {
  const turn = messages.filter((message) => message.role === 'assistant').length;
  const calls = SCRIPT[turn];
  if (calls !== undefined) {
    return {
      role: 'assistant',
      content: null,
      tool_calls: calls.map(([id, name, args]) => ({
        type: 'function',
        id,
        function: { name, arguments: JSON.stringify(args) },
      })),
    };
  }
  const fixed = failed(messages, 'call_edit')
    ? 'You declined the edit, so docs/guide.md still has the typo.'
    : 'I fixed the typo in docs/guide.md.';
  const checked = failed(messages, 'call_check')
    ? 'The check did not run or did not pass.'
    : 'scripts/check.sh passes.';
  return { role: 'assistant', content: `${fixed} ${checked} /etc/passwd is outside the project: I could not read it.` };
}

/**
 * A model with a script, in OpenAI Chat format, so the demo needs no network and no key: it
 * explores the project, finds and fixes a typo, runs the project's check, asks the tracker,
 * asks who owns the file, then tries to read outside the project. Its answer depends only on
 * the transcript, so a run stopped in one process continues in another.
 */
export const demoModel: ChatModel = (messages) => Promise.resolve(getNextMessage(messages));
