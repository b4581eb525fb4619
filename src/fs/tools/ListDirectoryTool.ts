import { inject } from 'inversify';
import { lstatSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import { isHardLinked } from '../../kernel/index.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { assertDirectory } from './assertDirectory.js';
import { describeIgnored } from './describeIgnored.js';
import { LIST_DIRECTORY_INPUT_SCHEMA, type ListDirectoryInput } from './ListDirectoryInput.js';
import { walkVerifiedDirectory } from './walkVerifiedDirectory.js';

/**
 * What a listing says about a file besides its name: its size, or `hardLinked: true` (and no
 * size) for a file with more than one hard link, which may be a window onto a file outside the
 * roots: nothing about that file itself is reported, and reading it asks.
 */
function describeFile(access: string): JsonObject {
  try {
    const stats = lstatSync(access);
    return isHardLinked(stats) ? { hardLinked: true } : { size: stats.size };
  } catch {
    return {};
  }
}

interface ListPlan {
  readonly path: string;
}

/**
 * `fs_list_directory`: structured `{ entries: [{ name, path, kind, size?, hardLinked? }],
 * truncated }`, sorted by path, bounded; symlinks are listed as `symlink` and never followed.
 * Nothing is read: a file with more than one hard link is listed by name with
 * `hardLinked: true` instead of its size. Unless `includeIgnored`, `.git` and what
 * `.gitignore` files ignore are skipped (`skippedIgnored`, present when any was).
 */
@BuiltInTool({
  name: 'fs_list_directory',
  description:
    'Lists a directory inside the workspace: name, absolute path, kind (file, directory, symlink, other) and size of each entry, sorted by path. Set recursive (and maxDepth) to list subdirectories; symlinked directories are not followed. truncated says whether entries were left out. Entries named .git and those ignored by .gitignore files are skipped by default (skippedIgnored counts them); set includeIgnored to walk them too.',
  input: LIST_DIRECTORY_INPUT_SCHEMA,
  annotations: { readOnlyHint: true, idempotentHint: true },
})
export class ListDirectoryTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: ListDirectoryInput): Promise<PlannedRequests<ListPlan>> {
    const target = await this.env.resolve(input.path, 'read');
    if (target.exists) assertDirectory(await lstat(target.path), input.path, target.path);
    const request = new FileSystemPermissionRequest('fs.list', target.path, {
      protected: this.env.isProtected(target.path),
      recursive: input.recursive === true,
    });
    return { requests: [request], plan: { path: target.path } };
  }

  public async invoke(input: ListDirectoryInput, ctx: ToolContext): Promise<JsonObject> {
    const { path: target } = getPreflightPlan(ctx, 'fs_list_directory') as ListPlan;
    const { limits } = this.env;
    const limit = Math.min(input.limit ?? limits.maxEntries, limits.maxEntries);
    const found: { readonly path: string; readonly entry: JsonObject }[] = [];
    const walk = await walkVerifiedDirectory(
      this.env,
      target,
      input.path,
      {
        maxDepth: input.recursive === true ? (input.maxDepth ?? Number.POSITIVE_INFINITY) : 1,
        maxEntries: limits.maxWalkEntries,
        signal: ctx.signal,
        visit: (entry, access) => {
          const facts = entry.kind === 'file' ? describeFile(access) : {};
          found.push({ path: entry.path, entry: { name: entry.name, path: entry.path, kind: entry.kind, ...facts } });
        },
      },
      input.includeIgnored === true,
    );
    // The walk is depth-first (a directory's entries right after it); the listing is sorted by path.
    found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const entries = found.slice(0, limit).map((item) => item.entry);
    return { entries, truncated: walk.truncated || found.length > limit, ...describeIgnored(walk) };
  }
}
