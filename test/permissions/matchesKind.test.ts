import { describe, expect, it } from '@jest/globals';
import { matchesKind } from '../../src/permissions/matchesKind.js';

describe(matchesKind.name, () => {
  it.each([
    ['fs.read', 'fs.read', true],
    ['fs.read', 'fs.readx', false],
    ['fs.read', 'fs', false],
    ['fs.*', 'fs.write', true],
    ['fs.*', 'fs', false],
    ['fs.*', 'shell.exec', false],
    ['mcp.*', 'mcp.invoke_tool', true],
    ['*', 'custom.anything', true],
    ['custom*', 'custom.deploy', true],
  ])('matches rule kind %j against %j: %j', (ruleKind, kind, expected) => {
    expect(matchesKind(ruleKind, kind)).toBe(expected);
  });
});
