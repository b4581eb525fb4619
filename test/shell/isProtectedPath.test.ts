import { describe, expect, it } from '@jest/globals';
import { isProtectedPath } from '../../src/shell/isProtectedPath.js';

describe(isProtectedPath.name, () => {
  it.each([
    ['/w/.git/config', true],
    ['/w/.git/hooks/pre-commit', true],
    ['/w/sub/.env', true],
    ['/w/.env.production', true],
    ['/w/.bashrc', true],
    ['/w/.npmrc', true],
    ['/w/.mcp.json', true],
    ['/w/.vscode/settings.json', true],
    ['/w/.claude/settings.json', true],
    ['/w/.github/workflows/ci.yml', true],
    ['/w/src/index.ts', false],
    ['/w/.github/CODEOWNERS', false],
    ['/w/environment.ts', false],
  ])('%s -> %s', (path, expected) => {
    expect(isProtectedPath(path, '/w')).toBe(expected);
  });
});
