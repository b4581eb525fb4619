import path from 'node:path';
import { getErrnoCode, locateDescriptor } from '../kernel/index.js';
import { assertSafePathString } from './assertSafePathString.js';
import { buildPathError } from './buildPathError.js';
import { buildWorkspaceRoots, type WorkspaceRootSet } from './buildWorkspaceRoots.js';
import { canonicalizePath, type CanonicalizedPath } from './canonicalizePath.js';
import { findContainingRoot } from './findContainingRoot.js';
import type { OpenVerifiedOptions } from './OpenVerifiedOptions.js';
import { openVerifiedFile, type OpenVerifiedContext } from './openVerifiedFile.js';
import { openVerifiedFileSync } from './openVerifiedFileSync.js';
import type { ResolvedPath } from './ResolvedPath.js';
import type { ResolvePathOptions } from './ResolvePathOptions.js';
import type { VerifiedDescriptor } from './VerifiedDescriptor.js';
import type { VerifiedFile } from './VerifiedFile.js';
import type { WorkspaceRoot } from './WorkspaceRoot.js';
import type { WorkspaceRootConfig } from './WorkspaceRootConfig.js';

/**
 * Lexical normalization against an absolute base: `.`, `..` and repeated separators are
 * folded, `~` stays a literal name, and `process.cwd()` is never consulted (the base is
 * always absolute, so `path.resolve` never reaches it).
 */
function normalizeWorkspacePath(input: string, absoluteBase: string): string {
  if (!path.isAbsolute(absoluteBase)) {
    throw new TypeError(`normalizeWorkspacePath needs an absolute base, got ${JSON.stringify(absoluteBase)}`);
  }
  return path.resolve(absoluteBase, input);
}

/**
 * The configured roots and the one path containment function every built-in uses (fs tools,
 * shell cwd and redirection targets, MCP serve). Every refusal is a `ToolError` whose
 * `details.reason` is one of the workspace's refusal reasons (see `ToolErrorReason`).
 */
export class Workspace {
  /** The roots, realpath'ed, in the order configured (relative inputs resolve against the first). */
  public readonly roots: readonly WorkspaceRoot[];
  readonly #realRoots: readonly (readonly [string, WorkspaceRoot])[];
  readonly #openContext: OpenVerifiedContext;
  readonly #spellings: WorkspaceRootSet['spellings'];

  private constructor(set: WorkspaceRootSet) {
    this.roots = set.roots;
    this.#openContext = { roots: this.roots, rootOf: (candidate) => this.rootOf(candidate), locate: locateDescriptor };
    this.#realRoots = set.roots.map((root) => [root.path, root] as const);
    this.#spellings = set.spellings;
  }

  /** Realpaths each root; throws `ToolConfigurationError` for missing, relative or non-directory roots. */
  public static create(roots: readonly WorkspaceRootConfig[]): Workspace {
    return new Workspace(buildWorkspaceRoots(roots));
  }

  /** A workspace without roots: every resolve is refused (`no_roots`). */
  public static empty(): Workspace {
    return new Workspace({ roots: [], spellings: [] });
  }

  /** Lexical check of an already-canonical absolute path: the (most specific) root containing it. */
  public rootOf(canonicalPath: string): WorkspaceRoot | undefined {
    return findContainingRoot(this.#realRoots, canonicalPath);
  }

  /** {@inheritDoc PathContainment.isInsideRoots} */
  public isInsideRoots(canonicalPath: string): boolean {
    return this.rootOf(canonicalPath) !== undefined;
  }

  /**
   * The containment function: validates the input, resolves it (relative to `options.base` or
   * the first root, never `process.cwd()`), checks it lexically, realpaths it (or its nearest
   * existing ancestor) and checks again. Resolves to a canonical path inside a root or rejects
   * with a categorized `ToolError`.
   */
  public async resolve(input: unknown, options: ResolvePathOptions = {}): Promise<ResolvedPath> {
    const { roots } = this;
    assertSafePathString(input, roots);
    const [first] = roots;
    if (first === undefined) {
      throw buildPathError('no_roots', { path: input, roots });
    }
    const base = this.#resolveBase(input, options.base, first);
    const normalized = normalizeWorkspacePath(input, base);
    if (findContainingRoot(this.#spellings, normalized) === undefined) {
      throw buildPathError('outside_roots', { path: input, roots, details: { roots: this.#rootPaths() } });
    }
    const canonical = await this.#canonicalize(input, normalized);
    if (canonical.kind === 'dangling_symlink') {
      throw buildPathError('dangling_symlink', { path: input, roots });
    }
    const root = this.rootOf(canonical.path);
    if (root === undefined) {
      throw buildPathError('symlink_escape', { path: input, roots, details: { roots: this.#rootPaths() } });
    }
    if (!canonical.existingIsDirectory && !canonical.exists) {
      throw buildPathError('not_a_directory', { path: input, roots, subject: canonical.existingPath });
    }
    if (options.access === 'write' && root.mode === 'read_only') {
      throw buildPathError('read_only_root', { path: input, roots, subject: root.path, details: { root: root.path } });
    }
    return { path: canonical.path, root, exists: canonical.exists };
  }

  /**
   * The open-time re-check. Opens `canonicalPath` once (read-only, `O_NOFOLLOW`, `O_NONBLOCK`),
   * `fstat`s the handle, confirms the handle is inside a root, and refuses anything but a
   * regular file (directories too with `allowDirectory`) or a file over `maxBytes`. The caller
   * reads from and closes the handle; on refusal it is already closed.
   * @internal
   */
  public async openVerified(canonicalPath: string, options: OpenVerifiedOptions = {}): Promise<VerifiedFile> {
    return openVerifiedFile(canonicalPath, options, this.#openContext);
  }

  /**
   * `openVerified` with synchronous calls: the same checks, reasons and codes, for callers
   * where a thread-pool round trip costs more than the read (small local files). The caller
   * closes the descriptor; on refusal it is already closed.
   * @internal
   */
  public openVerifiedSync(canonicalPath: string, options: OpenVerifiedOptions = {}): VerifiedDescriptor {
    return openVerifiedFileSync(canonicalPath, options, this.#openContext);
  }

  #rootPaths(): string[] {
    return this.roots.map((root) => root.path);
  }

  #resolveBase(input: string, base: string | undefined, first: WorkspaceRoot): string {
    if (base === undefined) {
      return first.path;
    }
    assertSafePathString(base, this.roots);
    const normalizedBase = normalizeWorkspacePath(base, first.path);
    if (findContainingRoot(this.#spellings, normalizedBase) === undefined) {
      throw buildPathError('outside_roots', {
        path: input,
        roots: this.roots,
        details: { roots: this.#rootPaths(), base },
      });
    }
    return normalizedBase;
  }

  async #canonicalize(input: string, normalized: string): Promise<CanonicalizedPath> {
    try {
      return await canonicalizePath(normalized);
    } catch (error) {
      const errno = getErrnoCode(error) ?? 'unknown error';
      if (errno === 'ENAMETOOLONG') {
        throw buildPathError('too_long', { path: input, roots: this.roots }, error);
      }
      throw buildPathError('io_error', { path: input, roots: this.roots, subject: errno, details: { errno } }, error);
    }
  }
}
