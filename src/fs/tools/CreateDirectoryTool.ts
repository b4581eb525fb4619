import { inject } from 'inversify';
import { lstat } from 'node:fs/promises';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import { buildFsError } from '../buildFsError.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { findMissingDirectories } from '../paths/findMissingDirectories.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { createDirectories } from '../write/createDirectories.js';
import { CREATE_DIRECTORY_INPUT_SCHEMA, type CreateDirectoryInput } from './CreateDirectoryInput.js';

interface CreatePlan {
  readonly path: string;
  /** The directories to create, outermost first (none when it exists). */
  readonly missing: readonly string[];
}

/**
 * `fs_create_directory`: creates a directory and its missing parents, one component at a time.
 * An existing directory is not an error (no request, nothing done). Structured result
 * `{ path, created: string[] }`.
 */
@BuiltInTool({
  name: 'fs_create_directory',
  description:
    'Creates a directory inside the workspace, with any missing parent directories. Succeeds without change if it already exists.',
  input: CREATE_DIRECTORY_INPUT_SCHEMA,
  annotations: { idempotentHint: true },
})
export class CreateDirectoryTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: CreateDirectoryInput): Promise<PlannedRequests<CreatePlan>> {
    const target = await this.env.resolve(input.path, 'write');
    if (target.exists) {
      if (!(await lstat(target.path)).isDirectory()) {
        throw buildFsError(
          'invalid_input',
          'exists',
          `${JSON.stringify(input.path)} already exists and is not a directory.`,
          { path: target.path },
        );
      }
      return { requests: [], plan: { path: target.path, missing: [] } };
    }
    const missing = await findMissingDirectories(target.path);
    const isProtected = missing.some((dir) => this.env.isProtected(dir));
    const request = new FileSystemPermissionRequest(
      'fs.mkdir',
      target.path,
      { paths: missing, protected: isProtected },
      `create directory ${target.path}`,
    );
    return { requests: [request], plan: { path: target.path, missing } };
  }

  public async invoke(_input: CreateDirectoryInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = getPreflightPlan(ctx, 'fs_create_directory') as CreatePlan;
    const created = await createDirectories(this.env.workspace, plan.missing);
    return { path: plan.path, created };
  }
}
