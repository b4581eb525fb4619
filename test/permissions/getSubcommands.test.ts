import { describe, expect, it } from '@jest/globals';
import { getSubcommands } from '../../src/permissions/getSubcommands.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

describe(getSubcommands.name, () => {
  it('splits string subcommands into words', () => {
    const request = buildRequest('shell.exec', 'a && b', { subcommands: ['git  status', ' ls -la '] });

    expect(getSubcommands(request)).toStrictEqual({
      ok: true,
      values: [
        ['git', 'status'],
        ['ls', '-la'],
      ],
    });
  });

  it('keeps word-array subcommands as they are', () => {
    const request = buildRequest('shell.exec', 'x', { subcommands: [['echo', 'a b']] });

    expect(getSubcommands(request)).toStrictEqual({ ok: true, values: [['echo', 'a b']] });
  });

  it('falls back to the target without subcommands', () => {
    expect(getSubcommands(buildRequest('shell.exec', 'git  log'))).toStrictEqual({
      ok: true,
      values: [['git', 'log']],
    });
  });

  it('has nothing without subcommands and target', () => {
    expect(getSubcommands(buildRequest('shell.exec'))).toStrictEqual({ ok: true, values: [] });
  });

  it('reports a malformed entry', () => {
    expect(getSubcommands(buildRequest('shell.exec', 'x', { subcommands: [['git', 1]] }))).toStrictEqual({
      ok: false,
      problem: 'every entry of metadata.subcommands must be a string or an array of strings',
    });
  });
});
