import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import { DEFAULT_FILE_SYSTEM_LIMITS, fileSystemTools } from '../../src/fs/index.js';
import { agentkitModule, ToolConfigurationError, WORKSPACE } from '../../src/index.js';
import { DEFAULT_PROTECTED_PATHS } from '../../src/internal/index.js';
import { FS_OPTIONS, FS_WORKSPACE } from '../../src/fs/tokens.js';
import { createFsHarness } from './fixtures/createFsHarness.js';

describe(fileSystemTools.name, () => {
  it('registers the nine tools with the contract inputs and honest annotations', async () => {
    const h = await createFsHarness();
    const specs = h.executor.specs();
    const summary = Object.fromEntries(
      specs.map((spec) => [
        spec.name,
        { inputs: Object.keys((spec.inputSchema as { properties: object }).properties), annotations: spec.annotations },
      ]),
    );
    expect(summary).toStrictEqual({
      fs_create_directory: { inputs: ['path'], annotations: { idempotentHint: true } },
      fs_delete: { inputs: ['path', 'recursive', 'missingOk'], annotations: { destructiveHint: true } },
      fs_edit_file: {
        inputs: ['path', 'oldString', 'newString', 'expectedReplacements'],
        annotations: { destructiveHint: true },
      },
      fs_glob: {
        inputs: ['pattern', 'path', 'limit', 'includeIgnored'],
        annotations: { readOnlyHint: true, idempotentHint: true },
      },
      fs_grep: {
        inputs: ['pattern', 'path', 'include', 'ignoreCase', 'limit', 'includeIgnored'],
        annotations: { readOnlyHint: true, idempotentHint: true },
      },
      fs_list_directory: {
        inputs: ['path', 'recursive', 'maxDepth', 'limit', 'includeIgnored'],
        annotations: { readOnlyHint: true, idempotentHint: true },
      },
      fs_move: { inputs: ['from', 'to', 'overwrite'], annotations: { destructiveHint: true } },
      fs_read_file: { inputs: ['path', 'offset', 'limit'], annotations: { readOnlyHint: true, idempotentHint: true } },
      fs_write_file: {
        inputs: ['path', 'content', 'createParents', 'overwrite'],
        annotations: { destructiveHint: true },
      },
    });
    for (const spec of specs) expect(spec.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    h.cleanup();
  });

  it('binds the resolved options and, without roots of its own, the container WORKSPACE', async () => {
    const h = await createFsHarness({ fs: { limits: { maxEntries: 7 } } });
    expect(h.container.get(FS_OPTIONS)).toStrictEqual({
      protectedPaths: DEFAULT_PROTECTED_PATHS,
      requireReadBeforeWrite: true,
      limits: { ...DEFAULT_FILE_SYSTEM_LIMITS, maxEntries: 7 },
    });
    expect(h.container.get(FS_WORKSPACE)).toBe(h.container.get(WORKSPACE));
    h.cleanup();
  });

  it("uses its own roots when given, realpath'ed at start-up", async () => {
    const h = await createFsHarness();
    const container = new Container();
    container.load(agentkitModule(), fileSystemTools({ roots: [{ path: h.outside, mode: 'read_only' }] }));
    expect(container.get(FS_WORKSPACE).roots).toStrictEqual([{ path: h.outside, mode: 'read_only' }]);
    expect(() => fileSystemTools({ roots: [{ path: `${h.outside}/missing` }] })).toThrow(ToolConfigurationError);
    h.cleanup();
  });

  it.each([
    ['a non-boolean requireReadBeforeWrite', { requireReadBeforeWrite: 'yes' }, /requireReadBeforeWrite/],
    ['an unknown limit', { limits: { maxBananas: 1 } }, /no limit "maxBananas"/],
    ['a zero limit', { limits: { maxReadBytes: 0 } }, /maxReadBytes.*positive integer/],
    ['protectedPaths that are not strings', { protectedPaths: [1] }, /protectedPaths/],
    ['roots that are not an array', { roots: 'here' }, /roots/],
    ['options that are an array', [], /^fileSystemTools\(options\) takes an options object or nothing\.$/],
    [
      'an unknown key',
      { root: '/tmp' },
      /^fileSystemTools\(options\) has an unknown key "root"\. Use only "roots", "protectedPaths", "requireReadBeforeWrite", "limits", "readTracker" \(check the spelling\)\.$/,
    ],
    ['a misspelled key', { requireReadBeforeWrites: false }, /unknown key "requireReadBeforeWrites"/],
    [
      'an unknown key in a root',
      { roots: [{ path: '/tmp', mod: 'read_only' }] },
      /unknown key "mod"\. Use only "path", "mode"/,
    ],
  ])('rejects %s at start-up', (_name, options, message) => {
    expect(() => fileSystemTools(options as never)).toThrow(ToolConfigurationError);
    expect(() => fileSystemTools(options as never)).toThrow(message);
  });

  it('replaces the protected paths when given, and [] turns protection off', async () => {
    const h = await createFsHarness({ checker: 'default', fs: { protectedPaths: ['secrets/**'] } });
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(`${h.root}/secrets`);
    writeFileSync(`${h.root}/secrets/key`, 'k');
    writeFileSync(`${h.root}/.env`, 'e');
    expect((await h.call('fs_read_file', { path: 'secrets/key' })).status).toBe('interrupted');
    expect((await h.call('fs_read_file', { path: '.env' })).status).toBe('completed');
    h.cleanup();
  });
});
