import { inject } from 'inversify';
import type { Stats } from 'node:fs';
import { link, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext, type ToolRequest } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import { getErrnoCode } from '../../kernel/index.js';
import { buildFsError } from '../buildFsError.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { lstatIfPresent } from '../lstatIfPresent.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { getEntryKind } from '../walk/getEntryKind.js';
import { scanSubtree } from '../walk/scanSubtree.js';
import { withVerifiedDirectory } from '../write/withVerifiedDirectory.js';
import { assertSameEntry } from './assertSameEntry.js';
import { checkMoveDestination } from './checkMoveDestination.js';
import { MOVE_INPUT_SCHEMA, type MoveInput } from './MoveInput.js';

interface MovePlan {
  readonly from: string;
  readonly to: string;
  readonly source: Stats | undefined;
  readonly destination: Stats | undefined;
}

/**
 * `fs_move`: renames a file, symlink (the link itself) or directory. Both ends are checked
 * (write access, containment, protection) and named in one `fs.move` request; roots are never
 * moved. Without `overwrite` it never replaces anything (files move by link + unlink, which
 * fails atomically when the destination exists). Structured result `{ from, to, overwritten }`.
 */
@BuiltInTool({
  name: 'fs_move',
  description:
    'Moves or renames a file, symlink or directory inside the workspace. "to" is the new path, and its parent directory must exist. An existing file at "to" is replaced only with overwrite: true (read it first). Workspace roots cannot be moved.',
  input: MOVE_INPUT_SCHEMA,
  annotations: { destructiveHint: true },
})
export class MoveTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: MoveInput, request: ToolRequest): Promise<PlannedRequests<MovePlan>> {
    const { env } = this;
    const from = await env.resolveEntry(input.from);
    const to = await env.resolveEntry(input.to);
    const source = from.stats;
    await checkMoveDestination(env, input, from, to, request.sessionId);
    let isProtected = env.isProtected(from.path) || env.isProtected(to.path);
    const kind = source === undefined ? 'missing' : getEntryKind(source);
    let facts: JsonObject = { from: from.path, to: to.path, entryKind: kind, overwrite: to.stats !== undefined };
    if (kind === 'directory') {
      const scan = await scanSubtree(env, from.path, to.path);
      facts = { ...facts, entries: scan.entries };
      isProtected ||= scan.protected;
    }
    const move = new FileSystemPermissionRequest(
      'fs.move',
      from.path,
      { paths: [from.path, to.path], protected: isProtected, facts },
      `move ${from.path} to ${to.path}${to.stats === undefined ? '' : ' (replacing it)'}`,
    );
    return { requests: [move], plan: { from: from.path, to: to.path, source, destination: to.stats } };
  }

  public async invoke(input: MoveInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = getPreflightPlan(ctx, 'fs_move') as MovePlan;
    const { workspace, tracker } = this.env;
    if (plan.source === undefined) {
      throw buildFsError(
        'execution_failed',
        'not_found',
        `Nothing exists at ${JSON.stringify(input.from)}; nothing was moved.`,
        { path: plan.from },
      );
    }
    const source = plan.source;
    await withVerifiedDirectory(workspace, path.dirname(plan.from), (fromDir) =>
      withVerifiedDirectory(workspace, path.dirname(plan.to), async (toDir) => {
        const from = fromDir.entry(path.basename(plan.from));
        const to = toDir.entry(path.basename(plan.to));
        assertSameEntry(source, await lstatIfPresent(from), plan.from);
        assertSameEntry(plan.destination, await lstatIfPresent(to), plan.to);
        try {
          if (plan.destination !== undefined || source.isDirectory()) await rename(from, to);
          else await this.#moveWithoutReplacing(from, to, plan.to);
        } catch (error) {
          if (getErrnoCode(error) === 'EXDEV') {
            throw buildFsError(
              'execution_failed',
              'cross_device',
              `${JSON.stringify(input.from)} and ${JSON.stringify(input.to)} are on different file systems; a move cannot cross them. Copy the content with fs_read_file and fs_write_file instead.`,
              { from: plan.from, to: plan.to },
              error,
            );
          }
          throw error;
        }
      }),
    );
    tracker.forget(ctx.sessionId, plan.from);
    tracker.forget(ctx.sessionId, plan.to);
    return { from: plan.from, to: plan.to, overwritten: plan.destination !== undefined };
  }

  /** A hard link fails with EEXIST if anything appeared at `to`: no-clobber, atomically. */
  async #moveWithoutReplacing(from: string, to: string, destination: string): Promise<void> {
    try {
      await link(from, to);
    } catch (error) {
      if (getErrnoCode(error) === 'EEXIST') {
        throw buildFsError(
          'execution_failed',
          'changed_since_preflight',
          `${JSON.stringify(destination)} appeared after the call was checked; nothing was moved.`,
          { path: destination },
          error,
        );
      }
      // File systems without hard links: the destination was checked just above.
      if (getErrnoCode(error) === 'EPERM' || getErrnoCode(error) === 'ENOTSUP') return rename(from, to);
      throw error;
    }
    await unlink(from);
  }
}
