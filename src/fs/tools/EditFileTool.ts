import { inject } from 'inversify';
import { lstat } from 'node:fs/promises';
import { Preflight, Tool, type JsonObject, type ToolContext, type ToolRequest } from '../../index.js';
import { countOccurrences, replaceLiteral } from '../content/applyLiteralEdit.js';
import { buildFsError } from '../buildFsError.js';
import { buildUnifiedDiff } from '../content/buildUnifiedDiff.js';
import { decodeFileContent } from '../content/decodeFileContent.js';
import { encodeText } from '../content/encodeText.js';
import { detectLineEnding, fromDisplayText, toDisplayText } from '../content/LineEnding.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { PreflightPlans } from '../PreflightPlans.js';
import { readVerifiedFile } from '../readVerifiedFile.js';
import { takeSnapshot } from '../takeSnapshot.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { replaceFileAtomically } from '../write/replaceFileAtomically.js';
import { assertWritableFile } from './assertWritableFile.js';
import { EditFileInput } from './EditFileInput.js';
import { expectReplacements } from './expectReplacements.js';

/**
 * `fs_edit_file`: exact, literal string replacement in a text file the session has read.
 * Unique unless `expectedReplacements` says how many; encoding, BOM and line endings kept
 * (CRLF files are matched and shown with LF). Structured result `{ path, replacements, diff,
 * diffTruncated }`.
 */
@Tool({
  name: 'fs_edit_file',
  description:
    'Replaces an exact piece of text in a file inside the workspace. oldString must match the file exactly (whitespace included) and occur exactly once, unless expectedReplacements gives the number of occurrences to replace. Replacement is literal. Read the file with fs_read_file first. Returns a unified diff of the change.',
  input: EditFileInput,
  annotations: { destructiveHint: true },
})
export class EditFileTool {
  readonly #plans = new PreflightPlans<{ readonly path: string; readonly exists: boolean }>('fs_edit_file');

  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: EditFileInput, request: ToolRequest): Promise<FileSystemPermissionRequest> {
    if (input.oldString === input.newString) {
      throw buildFsError('invalid_input', 'no_change', 'oldString and newString are the same, so the edit would change nothing. Pass the new text in newString.', {});
    }
    const target = await this.env.resolve(input.path, 'write');
    if (target.exists) {
      const stats = await lstat(target.path);
      assertWritableFile(stats, input.path, target.path);
      await this.env.assertReadBeforeWrite(request.sessionId, target.path, input.path, stats);
    }
    this.#plans.set(input, { path: target.path, exists: target.exists });
    const expected = input.expectedReplacements ?? 1;
    return new FileSystemPermissionRequest(
      'fs.edit',
      target.path,
      { protected: this.env.isProtected(target.path), facts: { replacements: expected } },
      `edit ${target.path} (${expected} replacement${expected === 1 ? '' : 's'})`,
    );
  }

  public async invoke(input: EditFileInput, ctx: ToolContext): Promise<JsonObject> {
    const plan = this.#plans.take(input);
    const { env } = this;
    if (!plan.exists) {
      throw buildFsError('execution_failed', 'not_found', `The file ${JSON.stringify(input.path)} does not exist. Check the path, or create it with fs_write_file.`, { path: plan.path });
    }
    const old = await readVerifiedFile(env.workspace, plan.path, env.limits.maxReadBytes);
    env.assertUnchangedSinceRead(ctx.sessionId, plan.path, input.path, old.stats, old.bytes);
    const content = decodeFileContent(old.bytes);
    if (content.kind === 'binary') {
      throw buildFsError('execution_failed', 'binary_file', `${JSON.stringify(input.path)} is a binary file (${content.mimeType}); only text files can be edited.`, { path: plan.path });
    }
    const ending = detectLineEnding(content.text);
    const before = toDisplayText(content.text, ending);
    const search = ending === 'crlf' ? input.oldString.replaceAll('\r\n', '\n') : input.oldString;
    const replacement = ending === 'crlf' ? input.newString.replaceAll('\r\n', '\n') : input.newString;
    const count = countOccurrences(before, search);
    expectReplacements(count, input.expectedReplacements, input.path, plan.path);
    const after = replaceLiteral(before, search, replacement);
    const bytes = encodeText(fromDisplayText(after, ending), content.encoding, content.bom, plan.path);
    const stats = await replaceFileAtomically(env.workspace, plan.path, old.stats, bytes);
    env.tracker.record(ctx.sessionId, plan.path, takeSnapshot(stats, bytes));
    const diff = buildUnifiedDiff(plan.path, before, after, env.limits.maxDiffChars);
    return { path: plan.path, replacements: count, diff: diff.diff, diffTruncated: diff.truncated };
  }
}
