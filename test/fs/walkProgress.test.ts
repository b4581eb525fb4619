import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ToolEvent } from '../../src/index.js';
import { WALK_PROGRESS_EVERY, WalkProgress } from '../../src/fs/walk/WalkProgress.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';

/** 2,500 files in 5 folders: 2,505 entries, so two progress events. */
function buildTree(root: string): void {
  for (let folder = 0; folder < 5; folder += 1) {
    const dir = path.join(root, `d${String(folder)}`);
    mkdirSync(dir);
    for (let file = 0; file < 500; file += 1) writeFileSync(path.join(dir, `f${String(file)}.txt`), 'needle\n');
  }
}

describe(WalkProgress.name, () => {
  let h: FsHarness;

  beforeAll(async () => {
    h = await createFsHarness();
    buildTree(h.root);
  });

  afterAll(() => {
    h.cleanup();
  });

  it.each([
    ['fs_grep', { pattern: 'not-in-any-file' }, 'searched'],
    ['fs_glob', { pattern: '**/*.txt' }, 'matched against'],
  ] as const)('%s reports progress on a big tree', async (toolName, input, verb) => {
    const events: ToolEvent[] = [];
    const request = h.request(toolName, input);
    const outcome = await h.executor.execute(request, { onEvent: (event) => events.push(event) });
    expect(outcome.status).toBe('completed');
    expect(events).toStrictEqual(
      [1, 2].map((step) => ({
        type: 'progress',
        callId: request.callId,
        progress: step * WALK_PROGRESS_EVERY,
        message: `${verb} ${String(step * WALK_PROGRESS_EVERY)} entries`,
      })),
    );
  });

  it('reports nothing on a small tree', async () => {
    const events: ToolEvent[] = [];
    await h.executor.execute(h.request('fs_glob', { pattern: '*.txt', path: 'd0' }), {
      onEvent: (event) => events.push(event),
    });
    expect(events).toStrictEqual([]);
  });
});
