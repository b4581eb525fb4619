import { inject } from 'inversify';
import { lstat } from 'node:fs/promises';
import { Preflight, type JsonObject, type PlannedRequests, type ToolContext, type ToolRequest } from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import { buildFsError } from '../buildFsError.js';
import { buildUnifiedDiff, type UnifiedDiff } from '../content/buildUnifiedDiff.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { readVerifiedFile } from '../readVerifiedFile.js';
import { takeSnapshot } from '../takeSnapshot.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { replaceFileAtomically } from '../write/replaceFileAtomically.js';
import { assertWritableFile } from './assertWritableFile.js';
import { computeFileEdit, type FileEdit } from './computeFileEdit.js';
import { EDIT_FILE_INPUT_SCHEMA, type EditFileInput } from './EditFileInput.js';

/**
 * The file the edit was worked out on: the body reuses the edit and its diff (the ones the
 * request showed) only when the bytes it reads through the verified handle are these very bytes.
 */
interface WorkedEdit {
  readonly bytes: Buffer;
  readonly edit: FileEdit;
  readonly diff: UnifiedDiff;
}

type EditPlan =
  { readonly path: string; readonly exists: false } | ({ readonly path: string; readonly exists: true } & WorkedEdit);

/**
 * `fs_edit_file`: exact, literal string replacement in a text file the session has read.
 * Unique unless `expectedReplacements` says how many; encoding, BOM and line endings kept
 * (CRLF files are matched and shown with LF). The preflight works the edit out on the current
 * bytes, so an edit that cannot apply (no match, ambiguous, wrong count, binary file) is
 * refused before anyone is asked to approve it, and the `fs.edit` request carries the diff.
 * Structured result `{ path, replacements, diff, diffTruncated }`.
 */
@BuiltInTool({
  name: 'fs_edit_file',
  description:
    'Replaces an exact piece of text in a file inside the workspace. oldString must match the file exactly (whitespace included) and occur exactly once, unless expectedReplacements gives the number of occurrences to replace. Replacement is literal. Read the file with fs_read_file first. Returns a unified diff of the change.',
  input: EDIT_FILE_INPUT_SCHEMA,
  annotations: { destructiveHint: true },
})
export class EditFileTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: EditFileInput, request: ToolRequest): Promise<PlannedRequests<EditPlan>> {
    const { env } = this;
    if (input.oldString === input.newString) {
      throw buildFsError(
        'invalid_input',
        'no_change',
        'oldString and newString are the same, so the edit would change nothing. Pass the new text in newString.',
        {},
      );
    }
    const target = await env.resolve(input.path, 'write');
    const isProtected = env.isProtected(target.path);
    if (!target.exists) {
      const missing = new FileSystemPermissionRequest(
        'fs.edit',
        target.path,
        { protected: isProtected },
        `edit ${target.path} (missing)`,
      );
      return { requests: [missing], plan: { path: target.path, exists: false } };
    }
    assertWritableFile(await lstat(target.path), input.path, target.path);
    const current = await readVerifiedFile(env.workspace, target.path, env.limits.maxReadBytes);
    await env.assertReadBeforeWrite(request.sessionId, target.path, input.path, current.stats, current.bytes);
    const edit = computeFileEdit(current.bytes, input, target.path, 'invalid_input');
    const diff = buildUnifiedDiff(target.path, edit.before, edit.after, env.limits.maxDiffChars);
    const facts = {
      replacements: edit.replacements,
      diff: diff.diff,
      ...(diff.truncated ? { diffTruncated: true } : {}),
    };
    const change = new FileSystemPermissionRequest(
      'fs.edit',
      target.path,
      { protected: isProtected, facts },
      `edit ${target.path} (${edit.replacements} replacement${edit.replacements === 1 ? '' : 's'})`,
    );
    return { requests: [change], plan: { path: target.path, exists: true, bytes: current.bytes, edit, diff } };
  }

  public async invoke(input: EditFileInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = getPreflightPlan(ctx, 'fs_edit_file') as EditPlan;
    const { env } = this;
    if (!plan.exists) {
      throw buildFsError(
        'execution_failed',
        'not_found',
        `The file ${JSON.stringify(input.path)} does not exist. Check the path, or create it with fs_write_file.`,
        {
          path: plan.path,
        },
      );
    }
    const old = await readVerifiedFile(env.workspace, plan.path, env.limits.maxReadBytes);
    env.assertUnchangedSinceRead(ctx.sessionId, plan.path, input.path, old.stats, old.bytes);
    // The same bytes give the same edit: worked out once, in the preflight, unless the file changed since.
    const same = old.bytes.equals(plan.bytes);
    const edit = same ? plan.edit : computeFileEdit(old.bytes, input, plan.path, 'execution_failed');
    const stats = await replaceFileAtomically(env.workspace, plan.path, old.stats, edit.bytes);
    env.tracker.record(ctx.sessionId, plan.path, takeSnapshot(stats, edit.bytes));
    const diff = same ? plan.diff : buildUnifiedDiff(plan.path, edit.before, edit.after, env.limits.maxDiffChars);
    return { path: plan.path, replacements: edit.replacements, diff: diff.diff, diffTruncated: diff.truncated };
  }
}
