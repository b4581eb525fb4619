import { relative, sep } from 'node:path';

const PROTECTED_FILES = new Set([
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zprofile', '.zshenv', '.zlogin',
  '.cshrc', '.tcshrc', '.kshrc', '.npmrc', '.yarnrc', '.yarnrc.yml', '.pypirc', '.netrc', '.gitconfig', '.gitmodules',
  '.mcp.json', '.gitlab-ci.yml', 'azure-pipelines.yml',
]);
const PROTECTED_FOLDERS = new Set(['.git', '.vscode', '.idea', '.claude', '.cursor', '.codex', '.gemini', '.zed', '.devcontainer', '.circleci', '.buildkite']);

/**
 * Whether a canonical path inside `root` is one that needs approval before a write
 * (security.md, "Paths" 6): git internals, `.env*`, shell rc files, package-manager and MCP
 * settings, editor and agent settings folders, CI workflow files.
 */
export function isProtectedPath(path: string, root: string): boolean {
  const parts = relative(root, path).split(sep);
  const name = parts[parts.length - 1] ?? '';
  if (name.startsWith('.env') || PROTECTED_FILES.has(name)) return true;
  return parts.some((part, index) => PROTECTED_FOLDERS.has(part) || (part === '.github' && parts[index + 1] === 'workflows'));
}
