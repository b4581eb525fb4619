import type { AssistantMessage, ChatMessage, ChatModel } from '../08-agent-loop/ChatMessage.js';
import { FIRST_STEPS_SCRIPT } from '../10-code-mode/FIRST_STEPS_SCRIPT.js';

type Call = readonly [id: string, name: string, args: object];

/** The first five steps, one turn each: list, grep, read, edit, check. */
const FIRST_STEPS: readonly (readonly Call[])[] = [
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
];

/** Code mode (`--code`): the same five steps as one `code_run` script (sample 10's). */
const FIRST_STEPS_AS_CODE: readonly (readonly Call[])[] = [[['call_code', 'code_run', { code: FIRST_STEPS_SCRIPT }]]];

/** The rest, either way: one model turn per entry (the last one makes two calls at once). */
const LAST_STEPS: readonly (readonly Call[])[] = [
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

function getNextMessage(messages: readonly ChatMessage[], codeMode: boolean): AssistantMessage {
  const turn = messages.filter((message) => message.role === 'assistant').length;
  const calls = [...(codeMode ? FIRST_STEPS_AS_CODE : FIRST_STEPS), ...LAST_STEPS][turn];
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
  // In code mode a declined edit or check stops the whole script: its one result says so.
  const fixed = failed(messages, codeMode ? 'call_code' : 'call_edit')
    ? 'You declined the edit, so docs/guide.md still has the typo.'
    : 'I fixed the typo in docs/guide.md.';
  const checked = failed(messages, codeMode ? 'call_code' : 'call_check')
    ? 'The check did not run or did not pass.'
    : 'scripts/check.sh passes.';
  return { role: 'assistant', content: `${fixed} ${checked} /etc/passwd is outside the project: I could not read it.` };
}

/**
 * A model with a script, in OpenAI Chat format, so the demo needs no network and no key: it
 * explores the project, finds and fixes a typo, runs the project's check, asks the tracker,
 * asks who owns the file, then tries to read outside the project. Offered `code_run`
 * (`--code`), it does the first five steps as one script instead. Its answer depends only on
 * the transcript and the tools, so a run stopped in one process continues in another.
 */
export const demoModel: ChatModel = (messages, tools) =>
  Promise.resolve(
    getNextMessage(
      messages,
      tools.some((tool) => tool.function.name === 'code_run'),
    ),
  );
