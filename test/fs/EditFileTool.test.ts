import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EditFileTool } from '../../src/fs/tools/EditFileTool.js';
import { RecordingPermissionChecker } from '../../src/testing/index.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { failure, structured } from './fixtures/outcomes.js';

let h: FsHarness;

beforeEach(async () => {
  h = await createFsHarness();
});

afterEach(() => {
  h.cleanup();
});

/** Writes `content` as `name` and reads it in the session, as a model would before editing. */
async function prepare(name: string, content: string | Buffer): Promise<string> {
  const file = path.join(h.root, name);
  writeFileSync(file, content);
  await h.call('fs_read_file', { path: name });
  return file;
}

const edit = (input: Record<string, unknown>) => h.call('fs_edit_file', input as never);

describe(EditFileTool.name, () => {
  it('replaces a unique string and returns a unified diff', async () => {
    const file = await prepare('a.ts', 'const a = 1;\nconst b = 2;\n');
    const value = structured(await edit({ path: 'a.ts', oldString: 'b = 2', newString: 'b = 3' }));
    expect(value).toStrictEqual({
      path: file,
      replacements: 1,
      diff: `--- ${file}\n+++ ${file}\n@@ -1,2 +1,2 @@\n const a = 1;\n-const b = 2;\n+const b = 3;\n`,
      diffTruncated: false,
    });
    expect(readFileSync(file, 'utf8')).toBe('const a = 1;\nconst b = 3;\n');
  });

  it('keeps $& and other replacement patterns literal', async () => {
    const file = await prepare('p.txt', 'price: X\n');
    structured(await edit({ path: 'p.txt', oldString: 'X', newString: "$& $1 $$ $' $`" }));
    expect(readFileSync(file, 'utf8')).toBe("price: $& $1 $$ $' $`\n");
  });

  it('refuses an ambiguous edit before it runs, saying how often the text occurs, and changes nothing', async () => {
    const file = await prepare('dup.txt', 'x\nx\n');
    const error = failure(
      await edit({ path: 'dup.txt', oldString: 'x', newString: 'y' }),
      'invalid_input',
      'ambiguous_match',
      false,
    );
    expect(error.details).toStrictEqual({ reason: 'ambiguous_match', path: file, found: 2 });
    expect(readFileSync(file, 'utf8')).toBe('x\nx\n');
  });

  it('replaces every occurrence when expectedReplacements matches, and refuses a wrong count', async () => {
    const file = await prepare('dup.txt', 'x\nx\nx\n');
    failure(
      await edit({ path: 'dup.txt', oldString: 'x', newString: 'y', expectedReplacements: 2 }),
      'invalid_input',
      'replacement_count_mismatch',
      false,
    );
    expect(readFileSync(file, 'utf8')).toBe('x\nx\nx\n');
    expect(
      structured(await edit({ path: 'dup.txt', oldString: 'x', newString: 'y', expectedReplacements: 3 }))[
        'replacements'
      ],
    ).toBe(3);
    expect(readFileSync(file, 'utf8')).toBe('y\ny\ny\n');
  });

  it('refuses an empty oldString and a no-op edit before anything runs', async () => {
    const file = await prepare('a.txt', 'a\n');
    const empty = failure(
      await edit({ path: 'a.txt', oldString: '', newString: 'b' }),
      'invalid_input',
      undefined,
      false,
    );
    expect(JSON.stringify(empty.details)).toContain('/oldString');
    failure(await edit({ path: 'a.txt', oldString: 'a', newString: 'a' }), 'invalid_input', 'no_change', false);
    expect(readFileSync(file, 'utf8')).toBe('a\n');
  });

  it('refuses a string that is not there before it runs', async () => {
    const file = await prepare('a.txt', 'a\n');
    failure(await edit({ path: 'a.txt', oldString: 'zzz', newString: 'b' }), 'invalid_input', 'no_match', false);
    expect(readFileSync(file, 'utf8')).toBe('a\n');
  });

  it('keeps CRLF line endings and the BOM, matching with LF', async () => {
    const file = await prepare('win.txt', '\ufeffone\r\ntwo\r\nthree\r\n');
    structured(await edit({ path: 'win.txt', oldString: 'one\ntwo', newString: 'uno\ndos\nmás' }));
    expect(readFileSync(file)).toStrictEqual(Buffer.from('\ufeffuno\r\ndos\r\nmás\r\nthree\r\n'));
  });

  it('keeps UTF-16 LE and Latin-1 files in their encoding', async () => {
    const u16 = await prepare('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hällo\n', 'utf16le')]));
    const latin = await prepare('latin.txt', Buffer.from('caf\xe9 noir\n', 'latin1'));
    structured(await edit({ path: 'u16.txt', oldString: 'hällo', newString: 'grüß' }));
    structured(await edit({ path: 'latin.txt', oldString: 'noir', newString: 'crème' }));
    expect(readFileSync(u16)).toStrictEqual(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('grüß\n', 'utf16le')]),
    );
    expect(readFileSync(latin)).toStrictEqual(Buffer.from('caf\xe9 cr\xe8me\n', 'latin1'));
    failure(
      await edit({ path: 'latin.txt', oldString: 'crème', newString: '€' }),
      'invalid_input',
      'unencodable',
      false,
    );
    expect(readFileSync(latin)).toStrictEqual(Buffer.from('caf\xe9 cr\xe8me\n', 'latin1'));
  });

  it('refuses binary files before it runs', async () => {
    const file = await prepare('b.bin', Buffer.from([0, 1, 2, 0x61]));
    failure(await edit({ path: 'b.bin', oldString: 'a', newString: 'b' }), 'invalid_input', 'binary_file', false);
    expect(readFileSync(file)).toStrictEqual(Buffer.from([0, 1, 2, 0x61]));
  });

  it('needs an earlier read in the session, and an unchanged file', async () => {
    writeFileSync(path.join(h.root, 'unread.txt'), 'a\n');
    failure(await edit({ path: 'unread.txt', oldString: 'a', newString: 'b' }), 'invalid_input', 'not_read', false);
    const file = await prepare('changed.txt', 'a\n');
    writeFileSync(file, 'a\nb\n');
    failure(await edit({ path: 'changed.txt', oldString: 'a', newString: 'b' }), 'invalid_input', 'stale_read', false);
  });

  it('allows consecutive edits after one read', async () => {
    const file = await prepare('seq.txt', 'a b c\n');
    structured(await edit({ path: 'seq.txt', oldString: 'a', newString: 'A' }));
    structured(await edit({ path: 'seq.txt', oldString: 'b', newString: 'B' }));
    expect(readFileSync(file, 'utf8')).toBe('A B c\n');
  });

  it('fails in the body for a missing file', async () => {
    failure(await edit({ path: 'missing.txt', oldString: 'a', newString: 'b' }), 'execution_failed', 'not_found', true);
  });

  describe('permission request', () => {
    it('describes the edit with its diff, and asks nothing for an edit that cannot apply', async () => {
      const checker = new RecordingPermissionChecker();
      const own = await createFsHarness({ checker });
      const file = path.join(own.root, 'a.txt');
      writeFileSync(file, 'one\ntwo\n');
      await own.call('fs_read_file', { path: 'a.txt' });
      checker.clear();
      failure(
        await own.call('fs_edit_file', { path: 'a.txt', oldString: 'three', newString: '3' }),
        'invalid_input',
        'no_match',
        false,
      );
      expect(checker.records).toStrictEqual([]);
      structured(await own.call('fs_edit_file', { path: 'a.txt', oldString: 'two', newString: '2' }));
      expect(checker.records.map((record) => record.request)).toStrictEqual([
        {
          kind: 'fs.edit',
          summary: `edit ${file} (1 replacement)`,
          target: file,
          metadata: {
            paths: [file],
            replacements: 1,
            diff: `--- ${file}\n+++ ${file}\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n`,
          },
        },
      ]);
      own.cleanup();
    });
  });
});
