import { WalkProgress } from '../walk/WalkProgress.js';
import { inject } from 'inversify';
import { lstat } from 'node:fs/promises';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { getHardLinkedFile, type HardLinkedFile } from '../HardLinkedFile.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { compileGlob } from '../walk/compileGlob.js';
import { readVerifiedFile } from '../readVerifiedFile.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import type { SearchPattern } from '../walk/buildSearchPattern.js';
import { compileSearchPattern } from '../walk/compileSearchPattern.js';
import { MatchCollector } from '../walk/MatchCollector.js';
import { SEARCH_WORKERS } from '../walk/SearchWorkerPool.js';
import { TreeSearch } from '../walk/TreeSearch.js';
import type { WalkResult } from '../walk/walkTree.js';
import { assertReadableFile } from './assertReadableFile.js';
import { describeIgnored } from './describeIgnored.js';
import { GREP_INPUT_SCHEMA, type GrepInput } from './GrepInput.js';
import { walkVerifiedDirectory } from './walkVerifiedDirectory.js';

interface GrepPlan {
  readonly path: string;
  readonly isDirectory: boolean;
  /** A single file with more than one hard link, named as such in the request. */
  readonly hardLinked: HardLinkedFile | undefined;
  readonly pattern: SearchPattern;
  /** `include` compiled once, in the preflight (which refuses what the matcher cannot take). */
  readonly include: ((path: string) => boolean) | undefined;
}

/**
 * `fs_grep`: structured `{ matches: [{ path, line, text }], truncated }`, sorted by path and
 * line, bounded. Walks without following symlinked directories; skips binary files, files
 * over `maxGrepFileBytes` and protected files (a protected file is searched only when named
 * as `path` itself, which makes the request protected). Files with more than one hard link
 * (maybe windows onto files outside the roots) are never read by the walk: the result says
 * how many were left out (`skippedHardLinks`, present when any was); one named as `path`
 * itself is searched only once approved (a path subject with `hardLinked: true`). Only the first 64 KiB
 * of a line are searched. Unless `includeIgnored`, `.git` and what `.gitignore` files ignore
 * are not walked (`skippedIgnored`, present when any was); a file named as `path` is searched
 * even when ignored. Past its first files, a big tree's files are read (through the handles of
 * their directories, with the same checks) and searched in worker threads while the walk goes on
 * (`TreeSearch`): the result is the same.
 */
@BuiltInTool({
  name: 'fs_grep',
  description:
    'Searches file contents inside the workspace for a regular expression (JavaScript syntax without backreferences or lookaround, run in linear time) and returns matching lines with path and line number, sorted. path is a file or directory (default the workspace root); include limits the files searched to a glob such as "*.ts"; set ignoreCase for case-insensitive search. Binary files are skipped. Files in .git and files ignored by .gitignore files are skipped by default (skippedIgnored counts them); set includeIgnored to walk them too.',
  input: GREP_INPUT_SCHEMA,
  annotations: { readOnlyHint: true, idempotentHint: true },
})
export class GrepTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: GrepInput): Promise<PlannedRequests<GrepPlan>> {
    const pattern = compileSearchPattern(input.pattern, input.ignoreCase === true);
    const include = input.include === undefined ? undefined : compileGlob(input.include);
    const target = await this.env.resolve(input.path ?? '.', 'read');
    const stats = target.exists ? await lstat(target.path) : undefined;
    const isDirectory = stats?.isDirectory() === true;
    if (stats !== undefined && !isDirectory)
      assertReadableFile(stats, input.path ?? '.', target.path, this.env.limits.maxGrepFileBytes);
    const hardLinked = getHardLinkedFile(stats);
    const facts = { pattern: input.pattern, ...(input.include === undefined ? {} : { include: input.include }) };
    const flags = {
      protected: this.env.isProtected(target.path),
      recursive: isDirectory,
      hardLinked: hardLinked !== undefined,
      facts,
    };
    const request = new FileSystemPermissionRequest(
      'fs.read',
      target.path,
      flags,
      `search ${target.path} for /${input.pattern}/`,
    );
    return { requests: [request], plan: { path: target.path, isDirectory, pattern, hardLinked, include } };
  }

  public async invoke(input: GrepInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = getPreflightPlan(ctx, 'fs_grep') as GrepPlan;
    const { env } = this;
    const { limits } = env;
    const limit = Math.min(input.limit ?? limits.defaultGrepMatches, limits.maxGrepMatches);
    // One more than returned, to know whether there are more.
    const collector = new MatchCollector(plan.pattern, limit + 1, limits.maxLineChars);
    if (!plan.isDirectory) {
      // A single file: read from the handle the open-time re-check verified.
      const { bytes } = await readVerifiedFile(env.workspace, plan.path, limits.maxGrepFileBytes, plan.hardLinked);
      collector.add(plan.path, bytes);
      return collector.toResult(limit, false);
    }
    const { include } = plan;
    // Like ripgrep's --glob: a pattern without a slash matches the file name at any depth.
    const byName = input.include?.includes('/') !== true;
    const isProtected = env.protectedPaths.below(plan.path);
    const task = {
      pattern: input.pattern,
      ignoreCase: input.ignoreCase === true,
      limit: collector.limit,
      maxLineChars: limits.maxLineChars,
      maxFileBytes: limits.maxGrepFileBytes,
    };
    const search = new TreeSearch(
      collector,
      new WalkProgress(ctx, 'searched'),
      { ...task, pattern: plan.pattern },
      task,
      SEARCH_WORKERS,
    );
    let walked: WalkResult;
    try {
      walked = await walkVerifiedDirectory(
        env,
        plan.path,
        input.path ?? '.',
        {
          maxDepth: Number.POSITIVE_INFINITY,
          maxEntries: limits.maxWalkEntries,
          signal: ctx.signal,
          visit: (entry, access, place) =>
            entry.kind !== 'file' ||
            (include !== undefined && !include(byName ? entry.name : entry.relativePath)) ||
            isProtected(entry.relativePath)
              ? search.pass()
              : search.file(entry.path, access, place),
        },
        input.includeIgnored === true,
      );
    } finally {
      await search.close();
    }
    const { walk, skippedHardLinks } = search.end(walked);
    const result = collector.toResult(limit, walk.truncated);
    return { ...result, ...(skippedHardLinks === 0 ? {} : { skippedHardLinks }), ...describeIgnored(walk) };
  }
}
