import { inject } from 'inversify';
import { lstatSync } from 'node:fs';
import { Preflight, Tool, type JsonObject, type ToolContext } from '../../index.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { PreflightPlans } from '../PreflightPlans.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { walkTree } from '../walk/walkTree.js';
import { ListDirectoryInput } from './ListDirectoryInput.js';
import { openVerifiedDirectory } from './openVerifiedDirectory.js';

/**
 * `fs_list_directory`: structured `{ entries: [{ name, path, kind, size? }], truncated }`,
 * sorted by path, bounded; symlinks are listed as `symlink` and never followed.
 */
@Tool({
  name: 'fs_list_directory',
  description:
    'Lists a directory inside the workspace: name, absolute path, kind (file, directory, symlink, other) and size of each entry, sorted by path. Set recursive (and maxDepth) to list subdirectories; symlinked directories are not followed. truncated says whether entries were left out.',
  input: ListDirectoryInput,
  annotations: { readOnlyHint: true, idempotentHint: true },
})
export class ListDirectoryTool {
  readonly #plans = new PreflightPlans<{ readonly path: string }>('fs_list_directory');

  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: ListDirectoryInput): Promise<FileSystemPermissionRequest> {
    const target = await this.env.resolve(input.path, 'read');
    this.#plans.set(input, { path: target.path });
    return new FileSystemPermissionRequest('fs.list', target.path, { protected: this.env.isProtected(target.path), recursive: input.recursive === true });
  }

  public async invoke(input: ListDirectoryInput, ctx: ToolContext): Promise<JsonObject> {
    const { path: target } = this.#plans.take(input);
    const { limits } = this.env;
    await openVerifiedDirectory(this.env, target, input.path);
    const maxDepth = input.recursive === true ? (input.maxDepth ?? Number.POSITIVE_INFINITY) : 1;
    const walk = await walkTree(target, { maxDepth, maxEntries: limits.maxWalkEntries, signal: ctx.signal });
    const limit = Math.min(input.limit ?? limits.maxEntries, limits.maxEntries);
    const sorted = walk.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const entries = sorted.slice(0, limit).map((entry): JsonObject => {
      if (entry.kind !== 'file') return { name: entry.name, path: entry.path, kind: entry.kind };
      try {
        return { name: entry.name, path: entry.path, kind: entry.kind, size: lstatSync(entry.path).size };
      } catch {
        return { name: entry.name, path: entry.path, kind: entry.kind };
      }
    });
    return { entries, truncated: walk.truncated || sorted.length > limit };
  }
}
