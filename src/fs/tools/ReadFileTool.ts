import { inject } from 'inversify';
import { closeSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildToolResult,
  Preflight,
  type ContentPart,
  type MetadataMap,
  type PlannedRequests,
  type ToolContext,
  type ToolResult,
} from '../../index.js';
import { BuiltInTool } from '../../internal/index.js';
import { decodeFileContent } from '../content/decodeFileContent.js';
import type { BinaryFileContent } from '../content/FileContent.js';
import { detectLineEnding, toDisplayText } from '../content/LineEnding.js';
import type { DecodedText } from '../content/DecodedTextCache.js';
import { indexLines, pageLines } from '../content/pageLines.js';
import type { FileSystemEnvironment } from '../FileSystemEnvironment.js';
import { FileSystemPermissionRequest } from '../FileSystemPermissionRequest.js';
import { assertLinkCountChecked, getHardLinkedFile, type HardLinkedFile } from '../HardLinkedFile.js';
import { getPreflightPlan } from '../getPreflightPlan.js';
import { readDescriptor } from '../readVerifiedFile.js';
import { takeSnapshot } from '../takeSnapshot.js';
import { FS_ENVIRONMENT } from '../tokens.js';
import { assertReadableFile } from './assertReadableFile.js';
import { READ_FILE_INPUT_SCHEMA, type ReadFileInput } from './ReadFileInput.js';

interface ReadPlan {
  readonly path: string;
  readonly hardLinked: HardLinkedFile | undefined;
}

/**
 * `fs_read_file`: a text file's lines as `text` output (exactly the requested lines, no
 * line-number prefixes) with the paging facts on the result's metadata: `{ totalLines,
 * offset, limit, nextOffset?, truncated, cutLines, path, size, encoding, bom, lineEnding }`.
 * Binary files come back as `parts`: a short note plus a `media` part (images up to
 * `maxMediaBytes`) or a `file` reference, never as garbage text. A file with more than one
 * hard link may be a window onto a file outside the roots: its request says
 * a path subject with `hardLinked: true` (the checkers ask), and the body reads only that
 * very file.
 */
@BuiltInTool({
  name: 'fs_read_file',
  description:
    'Reads a text file inside the workspace and returns its lines exactly (no line numbers). Use offset (1-based first line) and limit (line count, default 2000) to page through long files; the result metadata says totalLines and nextOffset. Lines longer than 2000 characters are cut. Images come back as images, other binary files as a file reference. Read a file before editing or overwriting it.',
  input: READ_FILE_INPUT_SCHEMA,
  annotations: { readOnlyHint: true, idempotentHint: true },
})
export class ReadFileTool {
  public constructor(@inject(FS_ENVIRONMENT) private readonly env: FileSystemEnvironment) {}

  @Preflight()
  public async preflight(input: ReadFileInput): Promise<PlannedRequests<ReadPlan>> {
    const target = await this.env.resolve(input.path, 'read');
    // Synchronous: one local lstat costs less than a thread-pool round trip; it never blocks on a FIFO.
    const stats = target.exists ? lstatSync(target.path) : undefined;
    if (stats !== undefined) assertReadableFile(stats, input.path, target.path, this.env.limits.maxReadBytes);
    const hardLinked = getHardLinkedFile(stats);
    const request = new FileSystemPermissionRequest('fs.read', target.path, {
      protected: this.env.isProtected(target.path),
      hardLinked: hardLinked !== undefined,
    });
    return { requests: [request], plan: { path: target.path, hardLinked } };
  }

  public async invoke(input: ReadFileInput, ctx: ToolContext): Promise<ToolResult> {
    const { path: target, hardLinked } = getPreflightPlan(ctx, 'fs_read_file') as ReadPlan;
    const { limits, workspace, textCache, tracker } = this.env;
    const { fd, stats } = workspace.openVerifiedSync(target, { maxBytes: limits.maxReadBytes });
    let source: { readonly cached: DecodedText } | { readonly bytes: Buffer };
    try {
      // The file checked, not one hard-linked since (security.md Paths 8).
      assertLinkCountChecked(stats, target, hardLinked);
      // Only the decoding is reused, and only for the very file just opened and checked.
      const cached = textCache.get(target, stats);
      source = cached === undefined ? { bytes: await readDescriptor(fd, stats.size) } : { cached };
    } finally {
      closeSync(fd);
    }
    tracker.record(ctx.sessionId, target, takeSnapshot(stats, 'bytes' in source ? source.bytes : undefined));
    if ('cached' in source) return this.#textResult(ctx, input, target, stats.size, source.cached);
    const content = decodeFileContent(source.bytes);
    if (content.kind === 'binary') return this.#binaryResult(ctx, target, source.bytes, content);
    const lineEnding = detectLineEnding(content.text);
    const text = toDisplayText(content.text, lineEnding);
    const decoded: DecodedText = {
      text,
      lineStarts: indexLines(text),
      encoding: content.encoding,
      bom: content.bom,
      lineEnding,
    };
    const result = this.#textResult(ctx, input, target, stats.size, decoded);
    // Kept only when more pages follow: keeping a file costs its first read (the text is retained
    // by the collector), which only a next page pays back.
    if (result.metadata['nextOffset'] !== undefined) textCache.set(target, stats, decoded);
    return result;
  }

  #textResult(ctx: ToolContext, input: ReadFileInput, target: string, size: number, decoded: DecodedText): ToolResult {
    const { limits } = this.env;
    const offset = input.offset ?? 1;
    const limit = input.limit ?? limits.defaultReadLines;
    const page = pageLines(
      decoded.text,
      { offset, limit, maxLineChars: limits.maxLineChars, maxChars: limits.maxReadChars },
      decoded.lineStarts,
    );
    const metadata: MetadataMap = {
      totalLines: page.totalLines,
      offset,
      limit,
      ...(page.nextOffset === undefined ? {} : { nextOffset: page.nextOffset }),
      truncated: page.nextOffset !== undefined || page.cutLines.length > 0,
      cutLines: page.cutLines,
      path: target,
      size,
      encoding: decoded.encoding,
      bom: decoded.bom,
      lineEnding: decoded.lineEnding,
    };
    if (page.lineCount === 0 && offset > 1 && offset > page.totalLines) {
      const text = `offset ${offset} is past the end of ${target}, which has ${page.totalLines} lines. Read from offset 1 to ${Math.max(1, page.totalLines)}.`;
      return buildToolResult(ctx.request, { type: 'text', text }, { isError: true, metadata });
    }
    return buildToolResult(ctx.request, { type: 'text', text: page.text }, { metadata });
  }

  #binaryResult(ctx: ToolContext, target: string, bytes: Buffer, content: BinaryFileContent): ToolResult {
    const inline = content.isImage && bytes.length <= this.env.limits.maxMediaBytes;
    const note = `${target} is a binary file (${content.mimeType}, ${bytes.length} bytes); ${inline ? 'the image follows' : 'here is a reference to it instead of its bytes'}.`;
    const part: ContentPart = inline
      ? { type: 'media', mimeType: content.mimeType, data: bytes.toString('base64'), modality: 'image' }
      : {
          type: 'file',
          uri: pathToFileURL(target).href,
          mimeType: content.mimeType,
          name: path.basename(target),
          size: bytes.length,
        };
    return buildToolResult(
      ctx.request,
      { type: 'parts', parts: [{ type: 'text', text: note }, part] },
      {
        metadata: { path: target, size: bytes.length, binary: true, mimeType: content.mimeType },
      },
    );
  }
}
