import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ReadFileTool } from '../../src/fs/tools/ReadFileTool.js';
import { createFsHarness, type FsHarness } from './fixtures/createFsHarness.js';
import { completed, failure, text } from './fixtures/outcomes.js';

let h: FsHarness;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5c3d9d40000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  h = await createFsHarness();
  const { root, outside, base } = h;
  writeFileSync(path.join(root, 'ten.txt'), Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
  writeFileSync(path.join(root, 'no-eol.txt'), 'a\nb');
  writeFileSync(path.join(root, 'empty.txt'), '');
  writeFileSync(path.join(root, 'crlf.txt'), '\ufeffone\r\ntwo\r\n');
  writeFileSync(
    path.join(root, 'utf16.txt'),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\nwörld\n', 'utf16le')]),
  );
  writeFileSync(path.join(root, 'latin1.txt'), Buffer.from('caf\xe9\n', 'latin1'));
  writeFileSync(path.join(root, 'long.txt'), `${'x'.repeat(2500)}\nshort\n`);
  writeFileSync(path.join(root, 'image.png'), PNG);
  writeFileSync(path.join(root, 'doc.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0)]));
  writeFileSync(path.join(root, 'blob.bin'), Buffer.from([1, 2, 0, 3, 4]));
  writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  writeFileSync(path.join(base, 'root_evil', 'secret.txt'), 'evil');
  mkdirSync(path.join(root, 'dir'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-out'));
  symlinkSync(outside, path.join(root, 'link-out-dir'));
  symlinkSync('ten.txt', path.join(root, 'link-in'));
  symlinkSync('/dev/zero', path.join(root, 'zero'));
  execFileSync('mkfifo', [path.join(root, 'fifo')]);
  linkSync(path.join(outside, 'secret.txt'), path.join(root, 'hardlink.txt'));
  writeFileSync(path.join(root, 'huge.txt'), '');
  truncateSync(path.join(root, 'huge.txt'), 21 * 1024 * 1024);
});

afterAll(() => {
  h.cleanup();
});

const read = (input: Record<string, unknown>, session?: string) => h.call('fs_read_file', input as never, session);

describe(ReadFileTool.name, () => {
  describe('paging', () => {
    it('returns exactly the requested lines with the paging metadata', async () => {
      const outcome = await read({ path: 'ten.txt', offset: 3, limit: 2 });
      const { metadata } = completed(outcome);
      expect(text(outcome)).toBe('line 3\nline 4\n');
      expect(metadata).toMatchObject({
        totalLines: 10,
        offset: 3,
        limit: 2,
        nextOffset: 5,
        truncated: true,
        path: path.join(h.root, 'ten.txt'),
      });
    });

    it('reads the whole file by default: text equal to the content, not truncated, no nextOffset', async () => {
      const outcome = await read({ path: 'ten.txt' });
      const { metadata } = completed(outcome);
      expect(text(outcome)).toBe(Array.from({ length: 10 }, (_, i) => `line ${i + 1}\n`).join(''));
      expect(metadata).toMatchObject({ totalLines: 10, offset: 1, limit: 2000, truncated: false });
      expect(metadata).not.toHaveProperty('nextOffset');
    });

    it('keeps a last line without line break as it is', async () => {
      expect(text(await read({ path: 'no-eol.txt' }))).toBe('a\nb');
      expect(completed(await read({ path: 'empty.txt' })).metadata).toMatchObject({ totalLines: 0, truncated: false });
    });

    it('answers an offset past the end with isError and the line count', async () => {
      const { isError, metadata, output } = completed(await read({ path: 'ten.txt', offset: 11 }));
      expect(isError).toBe(true);
      expect(metadata).toMatchObject({ totalLines: 10 });
      expect(output).toMatchObject({ type: 'text', text: expect.stringContaining('has 10 lines') });
    });

    it('cuts lines longer than 2,000 characters and says which', async () => {
      const outcome = await read({ path: 'long.txt' });
      const [first, second] = text(outcome).split('\n');
      expect(first?.startsWith('x'.repeat(2000) + ' [... 500 more characters')).toBe(true);
      expect(second).toBe('short');
      expect(completed(outcome).metadata).toMatchObject({ cutLines: [1], truncated: true });
    });
  });

  describe('encodings', () => {
    it('shows a CRLF file with LF line breaks and no BOM, and says so', async () => {
      const outcome = await read({ path: 'crlf.txt' });
      expect(text(outcome)).toBe('one\ntwo\n');
      expect(completed(outcome).metadata).toMatchObject({ encoding: 'utf8', bom: true, lineEnding: 'crlf' });
    });

    it('decodes UTF-16 with a BOM and legacy Latin-1 text', async () => {
      expect(text(await read({ path: 'utf16.txt' }))).toBe('héllo\nwörld\n');
      const latin1 = await read({ path: 'latin1.txt' });
      expect(text(latin1)).toBe('café\n');
      expect(completed(latin1).metadata).toMatchObject({ encoding: 'latin1' });
    });
  });

  describe('binary files', () => {
    it('returns an image as a media part', async () => {
      const { output, metadata } = completed(await read({ path: 'image.png' }));
      expect(output).toStrictEqual({
        type: 'parts',
        parts: [
          { type: 'text', text: expect.stringContaining('binary file (image/png') as unknown as string },
          { type: 'media', mimeType: 'image/png', data: PNG.toString('base64'), modality: 'image' },
        ],
      });
      expect(metadata).toMatchObject({ binary: true, mimeType: 'image/png', size: PNG.length });
    });

    it('returns other binary files as a file reference, never their bytes as text', async () => {
      for (const [name, mimeType] of [
        ['doc.pdf', 'application/pdf'],
        ['blob.bin', 'application/octet-stream'],
      ] as const) {
        const { output } = completed(await read({ path: name }));
        const target = path.join(h.root, name);
        expect(output).toMatchObject({
          type: 'parts',
          parts: [{ type: 'text' }, { type: 'file', uri: pathToFileURL(target).href, mimeType, name }],
        });
      }
    });
  });

  describe('refusals', () => {
    it('refuses {"path": 0} before anything runs', async () => {
      failure(await read({ path: 0 }), 'invalid_input', undefined, false);
    });

    it.each([
      ['a prefix sibling of the root', () => path.join(h.base, 'root_evil', 'secret.txt')],
      ['an absolute path outside', () => path.join(h.outside, 'secret.txt')],
      ['a relative .. escape', () => '../outside/secret.txt'],
      ['a deep .. spelling', () => 'dir/../../outside/secret.txt'],
      ['ghost/../.. through a missing directory', () => 'ghost/../../outside/secret.txt'],
      ['/etc/passwd', () => '/etc/passwd'],
      ['/dev/zero', () => '/dev/zero'],
    ])('refuses %s as outside the roots, invoked: false', async (_name, spell) => {
      failure(await read({ path: spell() }), 'permission_denied', 'outside_roots', false);
    });

    it.each([
      ['a symlink to a file outside', 'link-out'],
      ['a path through a symlinked directory outside', 'link-out-dir/secret.txt'],
      ['a symlink to /dev/zero', 'zero'],
    ])('refuses %s as a symlink escape', async (_name, input) => {
      failure(await read({ path: input }), 'permission_denied', 'symlink_escape', false);
    });

    it('follows a symlink that stays inside and names the canonical target', async () => {
      expect(completed(await read({ path: 'link-in', limit: 1 })).metadata).toMatchObject({
        path: path.join(h.root, 'ten.txt'),
      });
    });

    it('refuses a FIFO without blocking', async () => {
      const started = Date.now();
      failure(await read({ path: 'fifo' }), 'invalid_input', 'not_a_regular_file', false);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('refuses a directory, a missing file and a file over the 20 MB cap', async () => {
      failure(await read({ path: 'dir' }), 'invalid_input', 'is_a_directory', false);
      failure(await read({ path: 'missing.txt' }), 'execution_failed', 'not_found', true);
      failure(await read({ path: 'huge.txt' }), 'invalid_input', 'too_large', false);
    });

    it('reads a hard-linked file once its request, marked hardLinked, is allowed (the checker here allows everything)', async () => {
      expect(text(await read({ path: 'hardlink.txt' }))).toBe('secret');
    });
  });
});
