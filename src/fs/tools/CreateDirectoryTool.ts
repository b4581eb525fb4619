import { inject } from 'inversify';
import { lstat } from 'node:fs/promises';
import { Preflight, Tool, type JsonObject } from '../../index.js';
import { buildFsError } from '../buildFsError.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { findMissingDirectories } from '../paths/findMissingDirectories.js';
import { PreflightPlans } from '../PreflightPlans.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { createDirectories } from '../write/createDirectories.js';
import { CreateDirectoryInput } from './CreateDirectoryInput.js';

/**
 * `fs_create_directory`: creates a directory and its missing parents, one component at a time.
 * An existing directory is not an error (no request, nothing done). Structured result
 * `{ path, created: string[] }`.
 */
@Tool({
  name: 'fs_create_directory',
  description: 'Creates a directory inside the workspace, with any missing parent directories. Succeeds without change if it already exists.',
  input: CreateDirectoryInput,
  annotations: { idempotentHint: true },
})
export class CreateDirectoryTool {
  readonly #plans = new PreflightPlans<{ readonly path: string; readonly missing: readonly string[] }>('fs_create_directory');

  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: CreateDirectoryInput): Promise<FileSystemPermissionRequest[]> {
    const target = await this.env.resolve(input.path, 'write');
    if (target.exists) {
      if (!(await lstat(target.path)).isDirectory()) {
        throw buildFsError('invalid_input', 'exists', `${JSON.stringify(input.path)} already exists and is not a directory.`, { path: target.path });
      }
      this.#plans.set(input, { path: target.path, missing: [] });
      return [];
    }
    const missing = await findMissingDirectories(target.path);
    this.#plans.set(input, { path: target.path, missing });
    const isProtected = missing.some((dir) => this.env.isProtected(dir));
    return [new FileSystemPermissionRequest('fs.mkdir', target.path, { paths: missing, protected: isProtected }, `create directory ${target.path}`)];
  }

  public async invoke(input: CreateDirectoryInput): Promise<JsonObject> {
    const plan = this.#plans.take(input);
    const created = await createDirectories(this.env.workspace, plan.missing);
    return { path: plan.path, created };
  }
}
