import type { Stats } from 'node:fs';
import path from 'node:path';
import { ToolError, type ResolvedPath, type Workspace } from '../index.js';
import { ProtectedPathMatcher, type PathAccess } from '../internal/index.js';
import { isPathInside } from '../kernel/index.js';
import { buildFsError } from './buildFsError.js';
import { DecodedTextCache } from './content/DecodedTextCache.js';
import type { FileSystemConfig } from './config/FileSystemConfig.js';
import type { FileSnapshot } from './FileSnapshot.js';
import { lstatIfPresent } from './lstatIfPresent.js';
import type { ReadTracker } from './ReadTracker.js';
import { hashBytes, matchesSnapshot } from './takeSnapshot.js';

/** A directory entry named by the caller, not followed: its canonical parent plus its name. */
export interface ResolvedEntry {
  /** Canonical path of the entry itself (a symlink stays a symlink). */
  readonly path: string;
  /** The entry's `lstat`, or `undefined` when nothing is there. */
  readonly stats: Stats | undefined;
  /** Whether the entry's parent directory exists. */
  readonly parentExists: boolean;
}

const FOLLOWED_LINK_REASONS: ReadonlySet<unknown> = new Set(['symlink_escape', 'dangling_symlink']);

/**
 * What every filesystem tool shares: the workspace (the one containment function), the
 * resolved options, the read tracker, the protected-path matcher and the decoded-text cache.
 */
export class FileSystemEnvironment {
  public readonly protectedPaths: ProtectedPathMatcher;
  /** Decoded text files, so paged reads decode a file once (checked against every open's `fstat`). */
  public readonly textCache = new DecodedTextCache();

  public constructor(
    public readonly workspace: Workspace,
    public readonly config: FileSystemConfig,
    public readonly tracker: ReadTracker,
  ) {
    this.protectedPaths = new ProtectedPathMatcher(config.protectedPaths, workspace);
  }

  public get limits(): FileSystemConfig['limits'] {
    return this.config.limits;
  }

  /** `workspace.resolve`: the canonical path (links followed) or a categorized refusal. */
  public resolve(input: string, access: PathAccess): Promise<ResolvedPath> {
    return this.workspace.resolve(input, { access });
  }

  public isProtected(canonicalPath: string): boolean {
    return this.protectedPaths.matches(canonicalPath);
  }

  public isRoot(canonicalPath: string): boolean {
    return this.workspace.roots.some((root) => root.path === canonicalPath);
  }

  /** The roots at or below `canonicalPath` (deleting or moving it would take them along). */
  public rootsWithin(canonicalPath: string): string[] {
    return this.workspace.roots.map((root) => root.path).filter((root) => isPathInside(canonicalPath, root));
  }

  /**
   * The entry a delete or move acts on, like `rm` and `mv`: the final component is not
   * followed, so a symlink is removed or moved itself, never its target. The input goes
   * through `workspace.resolve` (validation, containment, `..`); the parent is resolved for
   * write access and must be inside a root; roots (and entries containing one) are refused.
   */
  public async resolveEntry(input: string): Promise<ResolvedEntry> {
    try {
      await this.resolve(input, 'write');
    } catch (error) {
      // A link leading out (or nowhere) may itself be removed or moved: its parent decides.
      if (!(ToolError.is(error) && FOLLOWED_LINK_REASONS.has(error.details['reason']))) throw error;
    }
    const first = this.workspace.roots[0];
    const lexical = path.resolve(first?.path ?? path.sep, input);
    if (this.isRoot(lexical) || path.dirname(lexical) === lexical) throw this.#rootError(input, lexical, []);
    const parent = await this.resolve(path.dirname(lexical), 'write');
    // Not followed: a link to a root is only a link, and what the entry is decides the rest.
    const entry = path.join(parent.path, path.basename(lexical));
    const within = this.rootsWithin(entry);
    if (within.length > 0) throw this.#rootError(input, entry, within);
    return { path: entry, stats: parent.exists ? await lstatIfPresent(entry) : undefined, parentExists: parent.exists };
  }

  /**
   * Read-before-write in preflight: editing or overwriting `canonicalPath` needs an earlier
   * read of it in this session, and the file must not have changed since (stat fields; the
   * bytes too when the snapshot carries a hash: `bytes` when the caller has them, else read). Refusals are `invalid_input`: the call as made
   * cannot run, nothing ran, and the fix is the model's (read the file first, or again).
   */
  public async assertReadBeforeWrite(
    sessionId: string,
    canonicalPath: string,
    input: string,
    current: Stats,
    bytes?: Uint8Array,
  ): Promise<void> {
    if (!this.config.requireReadBeforeWrite) return;
    const snapshot = this.tracker.get(sessionId, canonicalPath);
    if (snapshot === undefined) {
      throw buildFsError(
        'invalid_input',
        'not_read',
        `The file ${JSON.stringify(input)} exists and has not been read in this session. Read it with fs_read_file first, then edit or overwrite it, so that you change what you have seen.`,
        { path: canonicalPath },
      );
    }
    if (!(await this.#isUnchanged(snapshot, current, canonicalPath, bytes)))
      throw this.staleError('invalid_input', input, canonicalPath);
  }

  /** The body's check, on the bytes it is about to replace (read through a verified handle). */
  public assertUnchangedSinceRead(
    sessionId: string,
    canonicalPath: string,
    input: string,
    current: Stats,
    bytes: Uint8Array,
  ): void {
    if (!this.config.requireReadBeforeWrite) return;
    const snapshot = this.tracker.get(sessionId, canonicalPath);
    const same =
      snapshot !== undefined &&
      matchesSnapshot(snapshot, current) &&
      (snapshot.sha256 === undefined || snapshot.sha256 === hashBytes(bytes));
    if (!same) throw this.staleError('execution_failed', input, canonicalPath);
  }

  public staleError(code: 'invalid_input' | 'execution_failed', input: string, canonicalPath: string): ToolError {
    return buildFsError(
      code,
      'stale_read',
      `The file ${JSON.stringify(input)} changed since you last read it in this session. Read it again with fs_read_file and redo the change on the current content.`,
      { path: canonicalPath },
    );
  }

  #rootError(input: string, entry: string, within: readonly string[]): ToolError {
    const [root] = within;
    const message =
      root === undefined || root === entry
        ? `The path ${JSON.stringify(input)} is a workspace root. A root itself is never deleted or moved; name an entry inside it.`
        : `The path ${JSON.stringify(input)} contains the workspace root ${JSON.stringify(root)}, which is never deleted or moved.`;
    return buildFsError(
      'permission_denied',
      'root',
      message,
      within.length === 0 ? { path: input } : { path: input, roots: [...within] },
    );
  }

  async #isUnchanged(
    snapshot: FileSnapshot,
    current: Stats,
    canonicalPath: string,
    bytes: Uint8Array | undefined,
  ): Promise<boolean> {
    if (!matchesSnapshot(snapshot, current)) return false;
    if (snapshot.sha256 === undefined) return true;
    if (bytes !== undefined) return hashBytes(bytes) === snapshot.sha256;
    const file = await this.workspace.openVerified(canonicalPath, { maxBytes: this.limits.maxReadBytes });
    try {
      return hashBytes(await file.handle.readFile()) === snapshot.sha256;
    } finally {
      await file.handle.close();
    }
  }
}
