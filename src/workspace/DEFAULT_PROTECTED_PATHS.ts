/**
 * Paths inside a root that need approval by default, for reads too (security.md, Paths 6):
 * globs (picomatch, dotfiles included) matched against the path relative to each root that
 * contains it; an absolute pattern is matched against the canonical path. A directory pattern
 * ending in `/**` also matches the directory itself.
 *
 * One list for every built-in (fs tools, shell redirection targets). Extend rather than replace:
 * `fileSystemTools({ protectedPaths: [...DEFAULT_PROTECTED_PATHS, 'secrets/**'] })`.
 */
export const DEFAULT_PROTECTED_PATHS: readonly string[] = Object.freeze([
  // git internals that run code or redirect remotes
  '**/.git/config',
  '**/.git/hooks/**',
  '**/.gitconfig',
  '**/.gitmodules',
  // secrets
  '**/.env*',
  '**/.npmrc',
  '**/.yarnrc',
  '**/.yarnrc.yml',
  '**/.pypirc',
  '**/.netrc',
  '**/.ssh/**',
  // shell start-up files
  '**/.bashrc',
  '**/.bash_profile',
  '**/.bash_login',
  '**/.bash_logout',
  '**/.profile',
  '**/.zshrc',
  '**/.zshenv',
  '**/.zprofile',
  '**/.zlogin',
  '**/.kshrc',
  '**/.cshrc',
  '**/.tcshrc',
  '**/.config/fish/**',
  // agent and editor settings (they can run tools or commands)
  '**/.mcp.json',
  '**/.vscode/**',
  '**/.idea/**',
  '**/.claude/**',
  '**/.cursor/**',
  '**/.gemini/**',
  '**/.codex/**',
  '**/.zed/**',
  '**/.devcontainer/**',
  // CI definitions
  '**/.github/workflows/**',
  '**/.gitlab-ci.yml',
  '**/.circleci/**',
  '**/.buildkite/**',
  '**/azure-pipelines.yml',
]);
