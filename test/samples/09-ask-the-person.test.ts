import { describe, expect, it } from '@jest/globals';
import { run } from '../../samples/09-ask-the-person/index.js';

describe('samples', () => {
  it('09-ask-the-person: the tool reports progress, asks, pauses with input_required, and the resumed call deletes the pick', async () => {
    const lines: string[] = [];
    const report = await run((line) => lines.push(line));
    expect(report.first).toMatchObject({
      status: 'interrupted',
      interruption: { type: 'input_required', input: { toolName: 'notes_clean', callId: 'clean-1', answered: [] } },
    });
    expect(report.resumed).toMatchObject({
      status: 'completed',
      result: { result: { output: { type: 'text', text: 'deleted draft-old.md; left draft.md, todo.md' } } },
    });
    expect(report.notes).toStrictEqual(['draft.md', 'todo.md']);
    // Both runs scanned (the resumed one runs again from its start); only the resumed one logged the delete.
    expect(report.events.filter((event) => event.type === 'progress')).toHaveLength(6);
    expect(report.events.filter((event) => event.type === 'log')).toStrictEqual([
      { type: 'log', callId: 'clean-1', level: 'info', data: 'deleted draft-old.md' },
    ]);
    expect(lines.some((line) => line.startsWith('paused: notes_clean asks'))).toBe(true);
  });
});
