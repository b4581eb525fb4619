import { inject } from 'inversify';
import type { Stats } from 'node:fs';
import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import { buildFsError } from '../buildFsError.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { lstatIfPresent } from '../lstatIfPresent.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { getEntryKind } from '../walk/getEntryKind.js';
import { scanSubtree } from '../walk/scanSubtree.js';
import { removeTree } from '../write/removeTree.js';
import { withVerifiedDirectory } from '../write/withVerifiedDirectory.js';
import { assertSameEntry } from './assertSameEntry.js';
import { DELETE_INPUT_SCHEMA, type DeleteInput } from './DeleteInput.js';

interface DeletePlan {
  readonly path: string;
  /** The entry seen in preflight; `undefined` when nothing was there. */
  readonly stats: Stats | undefined;
  readonly recursive: boolean;
}

/**
 * `fs_delete`: removes a file, a symlink (the link itself, never its target), an empty
 * directory, or with `recursive: true` a directory tree (request detail `metadata.recursive`,
 * so policies can ask for it). Never a root. Structured result `{ path, deleted, kind?,
 * entries? }`.
 */
@BuiltInTool({
  name: 'fs_delete',
  description:
    'Deletes a file, symlink (the link itself) or empty directory inside the workspace. Set recursive to delete a directory with its contents. Set missingOk to succeed when the path does not exist. Workspace roots cannot be deleted.',
  input: DELETE_INPUT_SCHEMA,
  annotations: { destructiveHint: true },
})
export class DeleteTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: DeleteInput): Promise<PlannedRequests<DeletePlan>> {
    const { env } = this;
    const entry = await env.resolveEntry(input.path);
    const { stats } = entry;
    if (stats === undefined) {
      const requests =
        input.missingOk === true
          ? []
          : [
              new FileSystemPermissionRequest(
                'fs.delete',
                entry.path,
                { protected: env.isProtected(entry.path) },
                `delete ${entry.path}`,
              ),
            ];
      return { requests, plan: { path: entry.path, stats, recursive: false } };
    }
    const kind = getEntryKind(stats);
    // Sizes and counts bind an approval to what was seen: a file or tree that changed meanwhile no longer matches it.
    let facts: JsonObject = kind === 'file' ? { entryKind: kind, bytes: stats.size } : { entryKind: kind };
    let entries = 0;
    let isProtected = env.isProtected(entry.path);
    const recursive = kind === 'directory' && input.recursive === true;
    if (kind === 'directory' && !recursive && (await readdir(entry.path)).length > 0) {
      throw buildFsError(
        'invalid_input',
        'directory_not_empty',
        `The directory ${JSON.stringify(input.path)} is not empty. Pass recursive: true to delete it with everything in it.`,
        { path: entry.path },
      );
    }
    if (recursive) {
      const scan = await scanSubtree(env, entry.path);
      entries = scan.entries;
      facts = { ...facts, entries: scan.entries, ...(scan.truncated ? { entriesTruncated: true } : {}) };
      isProtected ||= scan.protected;
    }
    const what = recursive ? `delete directory ${entry.path} with ${entries} entries` : `delete ${kind} ${entry.path}`;
    const request = new FileSystemPermissionRequest(
      'fs.delete',
      entry.path,
      { protected: isProtected, recursive, facts },
      what,
    );
    return { requests: [request], plan: { path: entry.path, stats, recursive } };
  }

  public async invoke(input: DeleteInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = getPreflightPlan(ctx, 'fs_delete') as DeletePlan;
    if (plan.stats === undefined && (await lstatIfPresent(plan.path)) === undefined) {
      if (input.missingOk === true) return { path: plan.path, deleted: false };
      throw buildFsError(
        'execution_failed',
        'not_found',
        `Nothing exists at ${JSON.stringify(input.path)}; nothing was deleted. Pass missingOk: true if that is fine.`,
        {
          path: plan.path,
        },
      );
    }
    const result = await withVerifiedDirectory(
      this.env.workspace,
      path.dirname(plan.path),
      async (parent): Promise<JsonObject> => {
        const name = path.basename(plan.path);
        const entry = parent.entry(name);
        const current = await lstat(entry).catch(() => undefined);
        assertSameEntry(plan.stats, current, plan.path);
        const kind = getEntryKind(current as Stats);
        if (kind !== 'directory') await unlink(entry);
        else if (plan.recursive)
          return { path: plan.path, deleted: true, kind, entries: await removeTree(parent, name, ctx.signal) };
        else await rmdir(entry);
        return { path: plan.path, deleted: true, kind };
      },
    );
    this.env.tracker.forget(ctx.sessionId, plan.path);
    return result;
  }
}
