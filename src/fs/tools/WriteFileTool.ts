import { inject } from 'inversify';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext, type ToolRequest } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import { buildFsError } from '../buildFsError.js';
import { buildUnifiedDiff } from '../content/buildUnifiedDiff.js';
import { decodeFileContent } from '../content/decodeFileContent.js';
import { encodeText } from '../content/encodeText.js';
import type { TextFileContent } from '../content/FileContent.js';
import { detectLineEnding, fromDisplayText, toDisplayText } from '../content/LineEnding.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { findMissingDirectories } from '../paths/findMissingDirectories.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { readVerifiedFile } from '../readVerifiedFile.js';
import { takeSnapshot } from '../takeSnapshot.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { createDirectories } from '../write/createDirectories.js';
import { replaceFileAtomically } from '../write/replaceFileAtomically.js';
import { writeNewFile } from '../write/writeNewFile.js';
import { assertWritableFile } from './assertWritableFile.js';
import { WRITE_FILE_INPUT_SCHEMA, type WriteFileInput } from './WriteFileInput.js';

/**
 * New content for a text file, in the file's conventions: no second BOM (the file's is kept
 * by encoding), and CRLF line breaks for a CRLF file given LF text (as `fs_read_file` shows it).
 */
function keepTextConventions(text: string, previous: TextFileContent): string {
  const content = previous.bom ? text.replace(/^\uFEFF/u, '') : text;
  return detectLineEnding(previous.text) === 'crlf' && detectLineEnding(content) === 'lf'
    ? fromDisplayText(content, 'crlf')
    : content;
}

type WritePlan =
  | { readonly kind: 'create'; readonly path: string; readonly missing: readonly string[] }
  | { readonly kind: 'overwrite'; readonly path: string };

/**
 * `fs_write_file`: creates a file (exclusive create; `createParents` makes missing directories
 * one at a time) or, with `overwrite: true`, replaces one the session has read (temp file +
 * rename; mode, encoding, BOM and CRLF line endings kept). Structured result `{ path, created, bytes,
 * createdDirectories, diff, diffTruncated }`.
 */
@BuiltInTool({
  name: 'fs_write_file',
  description:
    'Writes a text file inside the workspace. Creates a new file; set createParents to create missing directories. To replace an existing file, read it first with fs_read_file and set overwrite: true. Prefer fs_edit_file for changes to part of a file. Returns a unified diff of the change.',
  input: WRITE_FILE_INPUT_SCHEMA,
  annotations: { destructiveHint: true },
})
export class WriteFileTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: WriteFileInput, request: ToolRequest): Promise<PlannedRequests<WritePlan>> {
    const { env } = this;
    const target = await env.resolve(input.path, 'write');
    const bytes = Buffer.byteLength(input.content, 'utf8');
    const isProtected = env.isProtected(target.path);
    if (target.exists) {
      const stats = await lstat(target.path);
      assertWritableFile(stats, input.path, target.path);
      if (input.overwrite !== true) {
        throw buildFsError(
          'invalid_input',
          'exists',
          `The file ${JSON.stringify(input.path)} already exists. To replace it, read it with fs_read_file and call again with overwrite: true; to change part of it, use fs_edit_file.`,
          { path: target.path },
        );
      }
      await env.assertReadBeforeWrite(request.sessionId, target.path, input.path, stats);
      const overwrite = new FileSystemPermissionRequest(
        'fs.write',
        target.path,
        { protected: isProtected, facts: { bytes, overwrite: true } },
        `overwrite ${target.path} with ${bytes} bytes`,
      );
      return { requests: [overwrite], plan: { kind: 'overwrite', path: target.path } };
    }
    const missing = await findMissingDirectories(path.dirname(target.path));
    if (missing.length > 0 && input.createParents !== true) {
      throw buildFsError(
        'invalid_input',
        'parent_missing',
        `The directory ${JSON.stringify(missing.at(-1))} does not exist. Call again with createParents: true to create it, or check the path.`,
        { path: target.path, missing },
      );
    }
    const write = new FileSystemPermissionRequest(
      'fs.write',
      target.path,
      { protected: isProtected, facts: { bytes, overwrite: false } },
      `create ${target.path} with ${bytes} bytes`,
    );
    const plan: WritePlan = { kind: 'create', path: target.path, missing };
    if (missing.length === 0) return { requests: [write], plan };
    const mkdir = new FileSystemPermissionRequest(
      'fs.mkdir',
      missing[0] as string,
      { paths: missing, protected: missing.some((dir) => env.isProtected(dir)) },
      `create directories ${missing.join(', ')}`,
    );
    return { requests: [mkdir, write], plan };
  }

  public async invoke(input: WriteFileInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = getPreflightPlan(ctx, 'fs_write_file') as WritePlan;
    const { env } = this;
    if (plan.kind === 'create') {
      const createdDirectories = await createDirectories(env.workspace, plan.missing);
      const bytes = Buffer.from(input.content, 'utf8');
      const stats = await writeNewFile(env.workspace, plan.path, bytes);
      env.tracker.record(ctx.sessionId, plan.path, takeSnapshot(stats, bytes));
      const diff = buildUnifiedDiff(plan.path, '', input.content, env.limits.maxDiffChars);
      return {
        path: plan.path,
        created: true,
        bytes: bytes.length,
        createdDirectories,
        diff: diff.diff,
        diffTruncated: diff.truncated,
      };
    }
    const old = await readVerifiedFile(env.workspace, plan.path, env.limits.maxReadBytes);
    env.assertUnchangedSinceRead(ctx.sessionId, plan.path, input.path, old.stats, old.bytes);
    const previous = decodeFileContent(old.bytes);
    const content = previous.kind === 'text' ? keepTextConventions(input.content, previous) : input.content;
    const bytes =
      previous.kind === 'text'
        ? encodeText(content, previous.encoding, previous.bom, plan.path)
        : Buffer.from(content, 'utf8');
    const stats = await replaceFileAtomically(env.workspace, plan.path, old.stats, bytes);
    env.tracker.record(ctx.sessionId, plan.path, takeSnapshot(stats, bytes));
    const before =
      previous.kind === 'text'
        ? toDisplayText(previous.text, detectLineEnding(previous.text))
        : `[binary file, ${old.bytes.length} bytes]\n`;
    const diff = buildUnifiedDiff(
      plan.path,
      before,
      toDisplayText(content, detectLineEnding(content)),
      env.limits.maxDiffChars,
    );
    return {
      path: plan.path,
      created: false,
      bytes: bytes.length,
      createdDirectories: [],
      diff: diff.diff,
      diffTruncated: diff.truncated,
    };
  }
}
