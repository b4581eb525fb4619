/**
 * Paths inside a root that need approval by default, for reads too (security.md, Paths 6):
 * globs (picomatch, dotfiles included) matched against the path relative to each root that
 * contains it; an absolute pattern is matched against the canonical path. A directory pattern
 * ending in `/**` also matches the directory itself. Matching ignores case everywhere (a
 * case-insensitive file system may sit below any root: `.GIT/config` is `.git/config` there)
 * and the spellings other file systems fold (see `ProtectedPathMatcher`).
 *
 * The classes: anything that names a program some tool runs on its own (git configuration,
 * hooks, filters; hook managers; package-manager and direnv start-up files; shell start-up
 * files; editor and agent settings; CI definitions), and secrets.
 *
 * One list for every built-in (fs tools, shell redirection targets). Extend rather than replace:
 * `fileSystemTools({ protectedPaths: [...DEFAULT_PROTECTED_PATHS, 'secrets/**'] })`.
 * @internal
 */
export const DEFAULT_PROTECTED_PATHS: readonly string[] = Object.freeze([
  // git: anything named .git (a directory, or a gitdir file in a subfolder) and all below it
  // (config, config.worktree, commondir, hooks, info/attributes, worktrees/*), and the
  // in-tree files git reads for settings, filters and submodules
  '**/.git/**',
  '**/.gitconfig',
  '**/.gitmodules',
  '**/.gitattributes',
  '**/.lfsconfig',
  // git hook managers
  '**/.husky/**',
  '**/.githooks/**',
  '**/.git-hooks/**',
  '**/.hooks/**',
  '**/lefthook.{yml,yaml,json,toml}',
  '**/.lefthook.{yml,yaml,json,toml}',
  '**/lefthook-local.{yml,yaml,json,toml}',
  '**/.lefthook-local.{yml,yaml,json,toml}',
  '**/.lefthook/**',
  '**/.pre-commit-config.{yaml,yml}',
  '**/.overcommit.yml',
  '**/.simple-git-hooks.{json,js,cjs,mjs}',
  '**/simple-git-hooks.{json,js,cjs,mjs}',
  // user configuration folders, and tools that run programs named in their settings
  '**/.config/**',
  '**/.env*',
  '**/.direnv/**',
  '**/.mise.toml',
  '**/mise.toml',
  '**/.mise/**',
  '**/.tool-versions',
  // package managers (registries and tokens; scripts and plugins they load)
  '**/.npmrc',
  '**/.yarnrc*',
  '**/.yarn/releases/**',
  '**/.yarn/plugins/**',
  '**/.pnpmfile.{cjs,mjs,js}',
  '**/bunfig.toml',
  '**/.bunfig.toml',
  '**/.pypirc',
  '**/pip.conf',
  '**/.netrc',
  // credentials
  '**/.ssh/**',
  '**/.gnupg/**',
  '**/.aws/**',
  '**/.kube/**',
  '**/.docker/**',
  // shell and editor start-up files
  '**/.bashrc',
  '**/.bash_profile',
  '**/.bash_login',
  '**/.bash_logout',
  '**/.bash_aliases',
  '**/.profile',
  '**/.zshrc',
  '**/.zshenv',
  '**/.zprofile',
  '**/.zlogin',
  '**/.zlogout',
  '**/.kshrc',
  '**/.mkshrc',
  '**/.cshrc',
  '**/.tcshrc',
  '**/.login',
  '**/.inputrc',
  '**/.exrc',
  '**/.vimrc',
  '**/.nvimrc',
  '**/.nvim.lua',
  // agent and editor settings (they can run tools or commands)
  '**/.mcp.json',
  '**/.vscode/**',
  '**/*.code-workspace',
  '**/.idea/**',
  '**/.fleet/**',
  '**/.zed/**',
  '**/.claude/**',
  '**/.cursor/**',
  '**/.windsurf/**',
  '**/.gemini/**',
  '**/.codex/**',
  '**/.continue/**',
  '**/.roo/**',
  '**/.kiro/**',
  '**/.amazonq/**',
  '**/.aider.conf.yml',
  '**/.devcontainer/**',
  '**/.devcontainer.json',
  // CI definitions
  '**/.github/workflows/**',
  '**/.github/actions/**',
  '**/.gitlab-ci.yml',
  '**/.gitlab/**',
  '**/.circleci/**',
  '**/.buildkite/**',
  '**/azure-pipelines.{yml,yaml}',
  '**/.azure-pipelines/**',
  '**/.forgejo/**',
  '**/.gitea/**',
  '**/.woodpecker/**',
  '**/.woodpecker.{yml,yaml}',
  '**/.drone.{yml,yaml}',
  '**/.travis.yml',
  '**/bitbucket-pipelines.yml',
  '**/{.,}appveyor.yml',
  '**/Jenkinsfile',
]);
