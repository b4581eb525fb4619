import { WalkProgress } from '../walk/WalkProgress.js';
import { inject } from 'inversify';
import { lstat } from 'node:fs/promises';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { compileGlob } from '../walk/compileGlob.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { assertDirectory } from './assertDirectory.js';
import { describeIgnored } from './describeIgnored.js';
import { GLOB_INPUT_SCHEMA, type GlobInput } from './GlobInput.js';
import { splitGlobPattern } from './splitGlobPattern.js';
import { walkVerifiedDirectory } from './walkVerifiedDirectory.js';

/** How deep a glob can match: its segment count, or unlimited with `**`. */
function getGlobDepth(glob: string): number {
  return glob.includes('**') ? Number.POSITIVE_INFINITY : glob.split('/').length;
}

interface GlobPlan {
  readonly path: string;
  readonly glob: string;
  /** The glob compiled once, in the preflight (which refuses what the matcher cannot take). */
  readonly matches: (relativePath: string) => boolean;
}

/**
 * `fs_glob`: structured `{ paths, truncated }`, absolute canonical paths of the entries whose
 * path relative to the search directory matches the glob (picomatch, dotfiles included),
 * sorted, bounded; symlinked directories are not followed. Unless `includeIgnored`, `.git` and
 * what `.gitignore` files ignore are skipped (`skippedIgnored`, present when any was).
 */
@BuiltInTool({
  name: 'fs_glob',
  description:
    'Finds files and directories inside the workspace whose path matches a glob pattern, like "**/*.ts" or "src/**/test_*.py" (relative to path, default the workspace root). Returns sorted absolute paths; truncated says whether some were left out. Entries named .git and those ignored by .gitignore files are skipped by default (skippedIgnored counts them); set includeIgnored to walk them too.',
  input: GLOB_INPUT_SCHEMA,
  annotations: { readOnlyHint: true, idempotentHint: true },
})
export class GlobTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: GlobInput): Promise<PlannedRequests<GlobPlan>> {
    const { base, glob } = splitGlobPattern(input.pattern, input.path);
    // refused before anything is checked or read when the linear-time matcher cannot take it
    const matches = compileGlob(glob);
    const target = await this.env.resolve(base, 'read');
    if (target.exists) assertDirectory(await lstat(target.path), base, target.path);
    const request = new FileSystemPermissionRequest(
      'fs.list',
      target.path,
      { protected: this.env.isProtected(target.path), recursive: true, facts: { pattern: glob } },
      `search ${target.path} for ${glob}`,
    );
    return { requests: [request], plan: { path: target.path, glob, matches } };
  }

  public async invoke(input: GlobInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = getPreflightPlan(ctx, 'fs_glob') as GlobPlan;
    const { matches } = plan;
    const { limits } = this.env;
    const limit = Math.min(input.limit ?? limits.maxEntries, limits.maxEntries);
    const paths: string[] = [];
    const progress = new WalkProgress(ctx, 'matched against');
    const walk = await walkVerifiedDirectory(
      this.env,
      plan.path,
      input.path ?? '.',
      {
        maxDepth: getGlobDepth(plan.glob),
        maxEntries: limits.maxWalkEntries,
        signal: ctx.signal,
        visit: (entry) => {
          progress.tick();
          if (matches(entry.relativePath)) paths.push(entry.path);
        },
      },
      input.includeIgnored === true,
    );
    paths.sort();
    return {
      paths: paths.slice(0, limit),
      truncated: walk.truncated || paths.length > limit,
      ...describeIgnored(walk),
    };
  }
}
