import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { DEFAULT_PROTECTED_PATHS, ProtectedPathMatcher, Workspace } from '../../src/index.js';

let root: string;
let workspace: Workspace;

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-protected-')));
  workspace = Workspace.create([{ path: root }]);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const segment = fc.constantFrom('.git', 'config', 'hooks', 'pre-commit', '.env', '.env.local', 'env', '..env', '..x', '.github', 'workflows', 'ci.yml', '.vscode', '.ssh', 'id_rsa', '.npmrc', 'src', 'a');
const relativePath = fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => segments.join('/'));

describe(ProtectedPathMatcher.name, () => {
  describe('.matches', () => {
    it('answers like the globs themselves, prefilter included, for paths below a root', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      const globs = DEFAULT_PROTECTED_PATHS.map((pattern) => picomatch(pattern, { dot: true }));
      fc.assert(
        fc.property(relativePath, (rel) => {
          expect({ rel, protected: matcher.matches(path.join(root, rel)) }).toStrictEqual({ rel, protected: globs.some((glob) => glob(rel)) });
        }),
        { numRuns: 1000 },
      );
    });

    it('protects what security.md lists, for every built-in, and leaves ordinary files alone', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      const verdicts = Object.fromEntries(
        [
          '.git/config', '.git/hooks/pre-commit', '.env', 'app/.env.local', '.bashrc', '.zshrc', '.npmrc', '.mcp.json', '.gitconfig',
          '.gitmodules', '.vscode/settings.json', '.claude/settings.json', '.devcontainer/devcontainer.json', '.github/workflows/ci.yml',
          '.gitlab-ci.yml', 'azure-pipelines.yml', '.git/HEAD', 'src/env.ts', 'README.md', '.github/CODEOWNERS',
        ].map((rel) => [rel, matcher.matches(path.join(root, rel))]),
      );
      expect(verdicts).toStrictEqual({
        '.git/config': true, '.git/hooks/pre-commit': true, '.env': true, 'app/.env.local': true, '.bashrc': true, '.zshrc': true, '.npmrc': true,
        '.mcp.json': true, '.gitconfig': true, '.gitmodules': true, '.vscode/settings.json': true, '.claude/settings.json': true,
        '.devcontainer/devcontainer.json': true, '.github/workflows/ci.yml': true, '.gitlab-ci.yml': true, 'azure-pipelines.yml': true,
        '.git/HEAD': false, 'src/env.ts': false, 'README.md': false, '.github/CODEOWNERS': false,
      });
    });

    it('protects .env below a directory named ..x (a name, not a way up)', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      expect([matcher.matches(path.join(root, '..x', '.env')), matcher.matches(path.join(root, 'src', 'main.ts'))]).toStrictEqual([true, false]);
    });

    it('keeps patterns without a literal (no prefilter) and absolute patterns working', () => {
      const matcher = new ProtectedPathMatcher(['**/*.{pem,key}', `${root}/secret/**`], workspace);
      expect([matcher.matches(path.join(root, 'a', 'b.pem')), matcher.matches(path.join(root, 'secret', 'x')), matcher.matches(path.join(root, 'a', 'b.txt'))]).toStrictEqual([true, true, false]);
    });
  });

  describe('.below', () => {
    it('answers for paths relative to a directory inside the root as matches does for the whole path', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      fc.assert(
        fc.property(relativePath, relativePath, (dir, rel) => {
          expect(matcher.below(path.join(root, dir))(rel)).toBe(matcher.matches(path.join(root, dir, rel)));
        }),
        { numRuns: 500 },
      );
    });
  });
});
