import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileSystemTools } from '../../src/fs/index.js';
import { WriteFileTool } from '../../src/fs/tools/WriteFileTool.js';
import { GlobTool } from '../../src/fs/tools/GlobTool.js';
import { createSameRequestRace } from '../fixtures/createSameRequestRace.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { failure, structured } from './fixtures/outcomes.js';

let h: FsHarness | undefined;

afterEach(() => {
  h?.cleanup();
  h = undefined;
});

describe(fileSystemTools.name, () => {
  describe('preflight plans', () => {
    it('runs one request object twice at once, each body on the plan its own checks approved', async () => {
      const race = createSameRequestRace();
      h = await createFsHarness({ checker: race.checker });
      const harness = h;
      const request = harness.request('fs_write_file', { path: 't/x.txt', content: 'one' });
      const [first, second] = await race.run(harness.root, () => harness.executor.execute(request));

      expect(structured(first)).toMatchObject({ path: path.join(harness.root, 'a', 'x.txt'), created: true });
      failure(second, 'permission_denied', undefined, false);
      expect(readFileSync(path.join(harness.root, 'a', 'x.txt'), 'utf8')).toBe('one');
      expect(existsSync(path.join(harness.root, 'b', 'x.txt'))).toBe(false);
    });

    it.each([
      [
        'fs_write_file',
        () => new WriteFileTool(undefined as never).invoke({ path: 'x', content: 'y' }, { plan: undefined } as never),
      ],
      [
        'fs_glob',
        () =>
          new GlobTool(undefined as never).invoke({ pattern: '*' }, {
            plan: undefined,
          } as never),
      ],
    ])(
      'refuses to run the body of %s without its preflight (called directly): internal, missing_preflight',
      async (_name, invoke) => {
        const error = await invoke().catch((thrown: unknown) => thrown);
        expect(error).toMatchObject({ code: 'internal', details: { reason: 'missing_preflight' } });
      },
    );
  });
});
