import { describe, expect, it } from '@jest/globals';
import { getRequestPaths } from '../../src/permissions/getRequestPaths.js';
import type { PermissionRequest } from '../../src/permissions/PermissionRequest.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

describe(getRequestPaths.name, () => {
  it('lists the target, then every metadata path', () => {
    const request = buildRequest('fs.move', '/w/a', { paths: ['/w/a', '/w/b'] });

    expect(getRequestPaths(request)).toStrictEqual({ ok: true, values: ['/w/a', '/w/a', '/w/b'] });
  });

  it('has no paths without target and metadata.paths', () => {
    expect(getRequestPaths(buildRequest('fs.read'))).toStrictEqual({ ok: true, values: [] });
  });

  it('reports metadata.paths that is not an array of strings', () => {
    expect(getRequestPaths(buildRequest('fs.read', '/w/a', { paths: [null] }))).toStrictEqual({
      ok: false,
      problem: 'metadata.paths must be an array of strings',
    });
  });

  it('reports a target that is not a string', () => {
    const request = {
      kind: 'fs.read',
      target: 42,
      summary: () => 'x',
      toJSON: () => ({ kind: 'fs.read', summary: 'x' }),
    };

    expect(getRequestPaths(request as unknown as PermissionRequest)).toStrictEqual({
      ok: false,
      problem: 'its target is a number, not a string',
    });
  });
});
