import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { Workspace } from '../../src/index.js';
import { DEFAULT_PROTECTED_PATHS, ProtectedPathMatcher } from '../../src/internal/index.js';

let root: string;
let workspace: Workspace;

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-protected-')));
  workspace = Workspace.create([{ path: root }]);
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const segment = fc.constantFrom(
  '.git',
  '.GIT',
  '.Git',
  'config',
  'commondir',
  'config.worktree',
  'hooks',
  'pre-commit',
  '.husky',
  '.config',
  '.env',
  '.ENV.local',
  '.envrc',
  'env',
  '..env',
  '..x',
  '.github',
  '.GitHub',
  'workflows',
  'actions',
  'ci.yml',
  '.vscode',
  '.ssh',
  'id_rsa',
  '.npmrc',
  '.yarnrc.yml',
  '.gitattributes',
  'lefthook.yml',
  'LEFTHOOK.toml',
  'lefthook.',
  'appveyor.yml',
  '.appveyor.yml',
  'Jenkinsfile',
  '.pnpmfile.cjs',
  '.yarn',
  'releases',
  'app.code-workspace',
  'src',
  'a',
  'git',
  '.gitx',
  'x.git',
);
const relativePath = fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => segments.join('/'));
/** Any spelling of a name by case. */
const anyCase = (name: string): fc.Arbitrary<string> =>
  fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) =>
    Array.from(name)
      .map((char, i) => (upper[i] === true ? char.toUpperCase() : char))
      .join(''),
  );
const plainSegment = fc.stringMatching(/^[a-z0-9_-]{1,8}$/u);

describe(ProtectedPathMatcher.name, () => {
  describe('.matches', () => {
    it('answers like the globs themselves (case ignored), prefilter included, for paths below a root', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      const globs = DEFAULT_PROTECTED_PATHS.map((pattern) => picomatch(pattern, { dot: true, nocase: true }));
      fc.assert(
        fc.property(relativePath, (rel) => {
          expect({ rel, protected: matcher.matches(path.join(root, rel)) }).toStrictEqual({
            rel,
            protected: globs.some((glob) => glob(rel)),
          });
        }),
        { numRuns: 1000 },
      );
    });

    it('protects what security.md lists, for every built-in, and leaves ordinary files alone', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      const verdicts = Object.fromEntries(
        [
          '.git/config',
          '.git/hooks/pre-commit',
          '.env',
          'app/.env.local',
          '.bashrc',
          '.zshrc',
          '.npmrc',
          '.mcp.json',
          '.gitconfig',
          '.gitmodules',
          '.vscode/settings.json',
          '.claude/settings.json',
          '.devcontainer/devcontainer.json',
          '.github/workflows/ci.yml',
          '.gitlab-ci.yml',
          'azure-pipelines.yml',
          '.git/HEAD',
          'src/env.ts',
          'README.md',
          '.github/CODEOWNERS',
        ].map((rel) => [rel, matcher.matches(path.join(root, rel))]),
      );
      expect(verdicts).toStrictEqual({
        '.git/config': true,
        '.git/hooks/pre-commit': true,
        '.env': true,
        'app/.env.local': true,
        '.bashrc': true,
        '.zshrc': true,
        '.npmrc': true,
        '.mcp.json': true,
        '.gitconfig': true,
        '.gitmodules': true,
        '.vscode/settings.json': true,
        '.claude/settings.json': true,
        '.devcontainer/devcontainer.json': true,
        '.github/workflows/ci.yml': true,
        '.gitlab-ci.yml': true,
        'azure-pipelines.yml': true,
        '.git/HEAD': true,
        'src/env.ts': false,
        'README.md': false,
        '.github/CODEOWNERS': false,
      });
    });

    it('protects everything git, hook managers, package managers, editors and CI run programs from', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      const protectedPaths = [
        // issue 9's examples
        '.git/commondir',
        'sub/.git',
        '.git/config.worktree',
        '.husky/pre-commit',
        '.config/git/config',
        // anything named .git, at any depth, as a file or a directory, and all below it
        '.git',
        'a/b/.git/hooks/x',
        'vendor/lib/.git',
        '.git/info/attributes',
        '.git/worktrees/w/commondir',
        '.git/modules/m/config',
        // in-tree git settings and filters
        '.gitattributes',
        'sub/.gitattributes',
        '.gitmodules',
        '.gitconfig',
        '.lfsconfig',
        // hook managers
        '.githooks/pre-push',
        '.git-hooks/commit-msg',
        'lefthook.yml',
        'pkg/.lefthook.yaml',
        '.pre-commit-config.yaml',
        '.simple-git-hooks.json',
        // user configuration and start-up files of tools
        'a/.config/nvim/init.lua',
        '.envrc',
        '.env.production',
        'mise.toml',
        '.npmrc',
        '.yarnrc',
        '.yarnrc.yml',
        '.yarn/releases/yarn-4.cjs',
        '.pnpmfile.cjs',
        'bunfig.toml',
        '.bash_aliases',
        '.profile',
        '.exrc',
        '.nvim.lua',
        '.aws/config',
        '.ssh/config',
        // editor and agent settings
        '.vscode/tasks.json',
        'app.code-workspace',
        '.idea/workspace.xml',
        '.cursor/mcp.json',
        '.windsurf/rules.md',
        '.zed/settings.json',
        // CI
        '.github/actions/setup/action.yml',
        '.gitlab/ci/build.yml',
        '.circleci/config.yml',
        'Jenkinsfile',
        '.travis.yml',
        'bitbucket-pipelines.yml',
        '.forgejo/workflows/ci.yml',
        '.drone.yml',
        'appveyor.yml',
      ];
      const ordinary = [
        'src/git.ts',
        'docs/.github-notes.md',
        'gitconfig.md',
        'config/app.json',
        'hooks/useThing.ts',
        'x.git',
        '.gitx/config',
        'my.config/a',
        'environment.ts',
        'husky.md',
      ];
      const verdicts = Object.fromEntries(
        [...protectedPaths, ...ordinary].map((rel) => [rel, matcher.matches(path.join(root, rel))]),
      );
      expect(verdicts).toStrictEqual(
        Object.fromEntries([...protectedPaths.map((rel) => [rel, true]), ...ordinary.map((rel) => [rel, false])]),
      );
    });

    it('protects a directory or file named .git in any case, at any depth, and everything below it', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      fc.assert(
        fc.property(
          fc.array(plainSegment, { maxLength: 4 }),
          anyCase('.git'),
          fc.array(plainSegment, { maxLength: 3 }),
          (above, name, below) => {
            const rel = [...above, name, ...below].join('/');
            expect({ rel, protected: matcher.matches(path.join(root, rel)) }).toStrictEqual({ rel, protected: true });
          },
        ),
        { numRuns: 500 },
      );
    });

    it('matches the names other file systems fold into a protected one (NTFS trailing dots and short names, HFS+ ignored code points)', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      const folded = [
        '.git./config',
        '.git /hooks/pre-commit',
        'sub/.git.',
        'GIT~1/config',
        'a/git~2',
        '.g\u200cit/config',
        '\ufeff.git/config',
        '.hus\u200dky/pre-commit',
        '.Config./git/config',
      ];
      expect(Object.fromEntries(folded.map((rel) => [rel, matcher.matches(path.join(root, rel))]))).toStrictEqual(
        Object.fromEntries(folded.map((rel) => [rel, true])),
      );
      expect([
        matcher.matches(path.join(root, 'src', 'main.ts.')),
        matcher.matches(path.join(root, 'notes~1')),
      ]).toStrictEqual([false, false]);
    });

    it('protects .env below a directory named ..x (a name, not a way up)', () => {
      const matcher = new ProtectedPathMatcher(DEFAULT_PROTECTED_PATHS, workspace);
      expect([
        matcher.matches(path.join(root, '..x', '.env')),
        matcher.matches(path.join(root, 'src', 'main.ts')),
      ]).toStrictEqual([true, false]);
    });

    it('answers like the globs for name patterns with brace groups, any-segment and last-segment, and the rest', () => {
      const patterns = ['**/{a,b}.txt', '**/c{,d}', '**/.x{1,2}/**', '**/{.,}y', 'z/**', '**/w*/v', `${root}/abs/**`];
      const matcher = new ProtectedPathMatcher(patterns, workspace);
      const globs = patterns.map((pattern) => picomatch(pattern, { dot: true, nocase: true }));
      const names = fc.constantFrom(
        'a.txt',
        'b.txt',
        'c.txt',
        'c',
        'cd',
        'ce',
        '.x1',
        '.X2',
        '.x3',
        'y',
        '.y',
        '..y',
        'z',
        'w1',
        'v',
        'abs',
        'q',
      );
      fc.assert(
        fc.property(fc.array(names, { minLength: 1, maxLength: 4 }), (segments) => {
          const rel = segments.join('/');
          const expected = globs.some((glob, i) =>
            patterns[i]?.startsWith('/') === true ? glob(path.join(root, rel)) : glob(rel),
          );
          expect({ rel, protected: matcher.matches(path.join(root, rel)) }).toStrictEqual({ rel, protected: expected });
        }),
        { numRuns: 1000 },
      );
    });

    it('keeps patterns without a literal (no prefilter) and absolute patterns working', () => {
      const matcher = new ProtectedPathMatcher(['**/*.{pem,key}', `${root}/secret/**`], workspace);
      expect([
        matcher.matches(path.join(root, 'a', 'b.pem')),
        matcher.matches(path.join(root, 'secret', 'x')),
        matcher.matches(path.join(root, 'a', 'b.txt')),
      ]).toStrictEqual([true, true, false]);
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
