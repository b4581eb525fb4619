import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AuthRequiredError,
  buildToolResult,
  TOOL_ERROR_CODES,
  ToolError,
  type ToolExecutionOutcome,
  type ToolOutput,
} from '../../src/index.js';
import { renderToolResult } from '../../src/providers/rendering/renderToolResult.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool } from '../fixtures/plainTool.js';
import { createRenderHarness, FILES, type RenderHarness } from './fixtures/createRenderHarness.js';
import { renderAll, textMessages } from './fixtures/renderAll.js';

let h: RenderHarness;

beforeAll(async () => {
  h = await createRenderHarness({ shell: true });
});

afterAll(async () => {
  await h.close();
});

function completed(
  output: ToolOutput,
  options: { readonly isError?: boolean; readonly metadata?: Record<string, never> } = {},
): ToolExecutionOutcome {
  return { status: 'completed', result: buildToolResult({ callId: 'call-x' }, output, options) };
}

const PNG = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');

describe(renderToolResult.name, () => {
  it('renders text output as it is, in every format', () => {
    expect(renderAll(completed({ type: 'text', text: 'hello there' }), { toolName: 'echo.say' })).toStrictEqual(
      textMessages('hello there', { callId: 'call-x', name: 'echo__say' }),
    );
  });

  it('renders other structured values as JSON text, and a completed isError result as an error where the provider has one', () => {
    expect(
      renderAll(completed({ type: 'structured', value: { answer: 42, list: [1, 'two'] } }, { isError: true }), {
        toolName: 'calc',
      }),
    ).toStrictEqual(textMessages('{"answer":42,"list":[1,"two"]}', { callId: 'call-x', name: 'calc', isError: true }));
  });

  it('renders a directory listing compactly: paths relative to their common directory, one per line, kinds and sizes', async () => {
    const outcome = await h.call('fs_list_directory', { path: '.', recursive: true }, 'list-1');
    const text = [
      `5 entries in ${h.root}:`,
      `README.md (${String(FILES['README.md']?.length)} bytes)`,
      `long.txt (${String(FILES['long.txt']?.length)} bytes)`,
      'src/',
      `src/a.ts (${String(FILES['src/a.ts']?.length)} bytes)`,
      `src/b.ts (${String(FILES['src/b.ts']?.length)} bytes)`,
    ].join('\n');
    expect(renderAll(outcome, { toolName: 'fs_list_directory' })).toStrictEqual(
      textMessages(text, { callId: 'list-1', name: 'fs_list_directory' }),
    );
  });

  it('renders glob paths relative to the given root, and says when the result was truncated', async () => {
    const outcome = await h.call('fs_glob', { pattern: '**/*.ts', limit: 1 }, 'glob-1');
    const text = [
      `1 path in ${h.root}:`,
      'src/a.ts',
      '[truncated: more paths exist than shown; narrow the path or pattern, or raise limit]',
    ].join('\n');
    expect(renderToolResult(outcome, 'anthropic', { root: h.root })).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'glob-1',
      content: text,
    });
  });

  it('renders grep matches as path:line: text', async () => {
    const outcome = await h.call('fs_grep', { pattern: 'const' }, 'grep-1');
    const text = [
      `3 matches in ${h.root}/src:`,
      'a.ts:1: export const a = 1;',
      'b.ts:1: export const b = 2;',
      'b.ts:2: const needle = 3;',
    ].join('\n');
    expect(renderToolResult(outcome, 'openai-chat')).toStrictEqual({
      role: 'tool',
      tool_call_id: 'grep-1',
      content: text,
    });
    const rooted = [
      `3 matches in ${h.root}:`,
      'src/a.ts:1: export const a = 1;',
      'src/b.ts:1: export const b = 2;',
      'src/b.ts:2: const needle = 3;',
    ].join('\n');
    expect(renderToolResult(outcome, 'openai-chat', { root: h.root })).toStrictEqual({
      role: 'tool',
      tool_call_id: 'grep-1',
      content: rooted,
    });
  });

  it('writes skip counts and unknown walk facts into the text', () => {
    const value = {
      matches: [{ path: '/w/a.ts', line: 3, text: 'x' }],
      truncated: false,
      skippedHardLinks: 2,
      skippedIgnored: 7,
      unreadIgnoreFiles: 1,
      skippedOther: { why: 'new' },
    };
    expect(renderToolResult(completed({ type: 'structured', value }), 'openai-chat')).toStrictEqual({
      role: 'tool',
      tool_call_id: 'call-x',
      content: [
        '1 match in /w:',
        'a.ts:3: x',
        '[2 hard-linked files skipped (a hard link may lead outside the workspace)]',
        '[7 entries skipped: .git and what .gitignore ignores (an ignored directory counts once); set includeIgnored to include them]',
        '[1 .gitignore files not read (a link, protected or too large)]',
        '[skippedOther: {"why":"new"}]',
      ].join('\n'),
    });
  });

  it('numbers the lines of a file read from its offset and says how to read the next page', async () => {
    const outcome = await h.call('fs_read_file', { path: 'long.txt', offset: 2, limit: 2 }, 'read-1');
    const text = ['     2\tl2', '     3\tl3', '[lines 2-3 of 5; call again with offset 4]'].join('\n');
    expect(renderAll(outcome, { toolName: 'fs_read_file' })).toStrictEqual(
      textMessages(text, { callId: 'read-1', name: 'fs_read_file' }),
    );
    expect(renderToolResult(outcome, 'openai-chat', { lineNumbers: false })).toStrictEqual({
      role: 'tool',
      tool_call_id: 'read-1',
      content: 'l2\nl3\n[lines 2-3 of 5; call again with offset 4]',
    });
  });

  it('reads a whole file without a paging notice, and the last page says it is the end', async () => {
    expect(
      renderToolResult(await h.call('fs_read_file', { path: 'README.md' }, 'read-2'), 'openai-chat'),
    ).toStrictEqual({
      role: 'tool',
      tool_call_id: 'read-2',
      content: '     1\thello',
    });
    expect(
      renderToolResult(await h.call('fs_read_file', { path: 'long.txt', offset: 5 }, 'read-3'), 'openai-chat'),
    ).toStrictEqual({
      role: 'tool',
      tool_call_id: 'read-3',
      content: '     5\tl5\n[lines 5-5 of 5; this is the end of the file]',
    });
  });

  it('keeps a file read past its end as the error text the tool wrote, without line numbers', async () => {
    const outcome = await h.call('fs_read_file', { path: 'long.txt', offset: 9 }, 'read-4');
    expect(renderToolResult(outcome, 'anthropic')).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'read-4',
      content: `offset 9 is past the end of ${h.root}/long.txt, which has 5 lines. Read from offset 1 to 5.`,
      is_error: true,
    });
  });

  it('renders shell output readably: exit code, notices, stdout and stderr', async () => {
    const outcome = await h.call('shell_exec', { command: 'echo out; echo err >&2; exit 3' }, 'sh-1');
    expect(renderAll(outcome, { toolName: 'shell_exec' })).toStrictEqual(
      textMessages('exit code 3\n--- stdout ---\nout\n--- stderr ---\nerr', {
        callId: 'sh-1',
        name: 'shell_exec',
        isError: true,
      }),
    );
  });

  it('keeps `seq 1 300000` within the 30,000-character budget as head and tail with a notice', async () => {
    const outcome = await h.call('shell_exec', { command: 'seq 1 300000' }, 'sh-2');
    const message = renderToolResult(outcome, 'openai-chat');
    const content = message.content;
    expect(content.length).toBeLessThanOrEqual(30_000);
    expect(content.length).toBeGreaterThan(29_000);
    // shell_exec's own cap (1 MiB) cut it first: both notices are in the text.
    expect(
      content.startsWith(
        'exit code 0\n[truncated: the output passed the size limit and was cut]\n--- stdout ---\n1\n2\n3\n',
      ),
    ).toBe(true);
    expect(content.endsWith('\n299999\n300000')).toBe(true);
    expect(content).toMatch(
      /\n\[\.\.\. [\d,]+ characters \([\d,]+ line breaks\) cut from the middle of this result to fit [\d,]+ characters \.\.\.\]\n/,
    );
  });

  it('keeps any result within maxChars, and says how much was cut', () => {
    const text = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n');
    const rendered = renderToolResult(completed({ type: 'text', text }), 'openai-chat', { maxChars: 300 }).content;
    expect(rendered.length).toBeLessThanOrEqual(300);
    expect(rendered.split('\n')).toStrictEqual([
      'line 0',
      'line 1',
      'line 2',
      'line 3',
      'line 4',
      'line 5',
      'line 6',
      'line 7',
      'line 8',
      'line 9',
      'line 10',
      'line 11',
      // Lines 12-88: 77 lines of 8 characters.
      '[... 616 characters (77 line breaks) cut from the middle of this result to fit 300 characters ...]',
      'line 89',
      'line 90',
      'line 91',
      'line 92',
      'line 93',
      'line 94',
      'line 95',
      'line 96',
      'line 97',
      'line 98',
      'line 99',
    ]);
  });

  it.each([[0], [199], [1.5], [Number.NaN]])('refuses maxChars %p', (maxChars) => {
    expect(() => renderToolResult(completed({ type: 'text', text: 'x' }), 'openai-chat', { maxChars })).toThrow(
      RangeError,
    );
  });

  it('renders images as image blocks where the provider takes them in tool results, and notes them where not', () => {
    const outcome = completed({
      type: 'parts',
      parts: [
        { type: 'text', text: 'a chart' },
        { type: 'media', mimeType: 'image/png', data: PNG, modality: 'image' },
        { type: 'media', mimeType: 'audio/wav', data: 'AAAA', modality: 'audio' },
        { type: 'file', uri: 'file:///w/report.pdf', name: 'report.pdf', mimeType: 'application/pdf', size: 2048 },
      ],
    });
    const after =
      '[audio (audio/wav, 3 bytes) not shown]\nfile: report.pdf <file:///w/report.pdf> (application/pdf, 2,048 bytes)';
    expect(renderAll(outcome, { toolName: 'plot' })).toStrictEqual({
      'openai-chat': {
        role: 'tool',
        tool_call_id: 'call-x',
        content: `a chart\n[image (image/png, 8 bytes) not shown: tool messages of the Chat Completions API carry text only]\n${after}`,
      },
      'openai-responses': {
        type: 'function_call_output',
        call_id: 'call-x',
        output: [
          { type: 'input_text', text: 'a chart' },
          { type: 'input_image', image_url: `data:image/png;base64,${PNG}`, detail: 'auto' },
          { type: 'input_text', text: after },
        ],
      },
      anthropic: {
        type: 'tool_result',
        tool_use_id: 'call-x',
        content: [
          { type: 'text', text: 'a chart' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          { type: 'text', text: after },
        ],
      },
      gemini: {
        functionResponse: {
          id: 'call-x',
          name: 'plot',
          response: { output: `a chart\n${after}` },
          parts: [{ inlineData: { mimeType: 'image/png', data: PNG } }],
        },
      },
    });
  });

  it('notes an image type Anthropic does not take instead of sending it', () => {
    const outcome = completed({
      type: 'parts',
      parts: [{ type: 'media', mimeType: 'image/bmp', data: 'AAAA', modality: 'image' }],
    });
    expect(renderToolResult(outcome, 'anthropic')).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'call-x',
      content: [
        {
          type: 'text',
          text: '[image (image/bmp, 3 bytes) not shown: Anthropic accepts image/jpeg, image/png, image/gif, image/webp only]',
        },
      ],
    });
  });

  it('renders a list of files as text', () => {
    const outcome = completed({
      type: 'files',
      files: [{ uri: 'file:///w/a.bin' }, { uri: 'file:///w/b.png', name: 'b.png', mimeType: 'image/png' }],
    });
    expect(renderToolResult(outcome, 'openai-chat')).toStrictEqual({
      role: 'tool',
      tool_call_id: 'call-x',
      content: 'file: file:///w/a.bin\nfile: b.png <file:///w/b.png> (image/png)',
    });
  });

  it('renders an embedded text resource as its text under a line naming it, in every format', () => {
    const outcome = completed({
      type: 'parts',
      parts: [{ type: 'resource', uri: 'test://notes', mimeType: 'text/plain', text: 'the notes' }],
    });
    expect(renderAll(outcome, { toolName: 'notes' })).toStrictEqual(
      textMessages('resource: test://notes (text/plain)\nthe notes', { callId: 'call-x', name: 'notes' }),
    );
  });

  it('renders an embedded image blob as an image, and other bytes as a note of their size', () => {
    const outcome = completed({
      type: 'parts',
      parts: [
        { type: 'resource', uri: 'test://chart', mimeType: 'image/png', blob: PNG },
        { type: 'resource', uri: 'test://archive', mimeType: 'application/gzip', blob: 'AAAA' },
      ],
    });
    expect(renderToolResult(outcome, 'anthropic')).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'call-x',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        { type: 'text', text: '[resource: test://archive (application/gzip), 3 bytes, not shown]' },
      ],
    });
  });

  it.each(TOOL_ERROR_CODES.map((code) => [code]))(
    'renders a %s failure as an error result: the code and the ToolError message',
    (code) => {
      const outcome: ToolExecutionOutcome = {
        status: 'failed',
        error: new ToolError(code, `it failed (${code}); do this instead`),
        invoked: false,
      };
      expect(renderAll(outcome, { callId: 'fail-1', toolName: 'fs_read_file' })).toStrictEqual(
        textMessages(`[${code}] it failed (${code}); do this instead`, {
          callId: 'fail-1',
          name: 'fs_read_file',
          isError: true,
        }),
      );
    },
  );

  it('renders real refusals from the executor with their messages', async () => {
    const request = h.request('fs_delete', { path: 'README.md' }, 'del-1');
    const outcome = await h.executor.execute(request);
    if (outcome.status !== 'failed') throw new Error(`expected a failure, got ${outcome.status}`);
    expect(outcome.error.code).toBe('permission_denied');
    expect(renderToolResult(outcome, 'anthropic', { callId: request.callId })).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'del-1',
      content: `[permission_denied] ${outcome.error.message}`,
      is_error: true,
    });
  });

  it('does not render an approval interruption unless the host asks for a placeholder', async () => {
    const outcome = await h.call('fs_write_file', { path: 'new.txt', content: 'x' }, 'write-1');
    expect(outcome.status).toBe('interrupted');
    for (const format of ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const) {
      expect(() => renderToolResult(outcome, format)).toThrow(TypeError);
    }
    expect(() => renderToolResult(outcome, 'openai-chat')).toThrow(/waiting for the host \(approval_required\)/);
    const text = `Waiting for approval: write ${h.root}/new.txt. The call has not run yet.`;
    expect(renderAll(outcome, { interruptions: 'placeholder' })).toStrictEqual(
      textMessages(text, { callId: 'write-1', name: 'fs_write_file' }),
    );
  });

  it('does not render an authentication interruption unless the host asks for a placeholder', async () => {
    const tool = plainTool({
      name: 'remote.fetch',
      invoke: () => {
        throw new AuthRequiredError({ provider: 'mcp:github', challenge: 'Bearer' });
      },
    });
    const outcome = await createExecutor([tool]).execute({
      callId: 'auth-1',
      toolName: 'remote.fetch',
      input: {},
      sessionId: 's',
      turnId: 't',
      metadata: {},
    });
    expect(outcome.status).toBe('interrupted');
    expect(() => renderToolResult(outcome, 'gemini')).toThrow(/waiting for the host \(auth_required\)/);
    expect(renderAll(outcome, { interruptions: 'placeholder' })).toStrictEqual(
      textMessages('Waiting for authentication with mcp:github. The call has not run yet.', {
        callId: 'auth-1',
        name: 'remote__fetch',
      }),
    );
  });

  it('asks for the call id a failed outcome lacks, and for the tool name Gemini needs', () => {
    const outcome: ToolExecutionOutcome = { status: 'failed', error: new ToolError('internal', 'boom'), invoked: true };
    expect(() => renderToolResult(outcome, 'openai-chat')).toThrow(/pass \{ callId \}/);
    expect(() => renderToolResult(completed({ type: 'text', text: 'x' }), 'gemini')).toThrow(/pass \{ toolName \}/);
  });
});
