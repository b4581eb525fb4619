/**
 * Sample 04: the filesystem tools over a temporary workspace, with the default policy (reads
 * inside the root allowed, changes asked for, anything outside denied). A model reads a file,
 * proposes an edit that pauses for approval (the approval names the diff) and resumes once
 * approved; an attempt to write outside the root through `ghost/../..` is refused before
 * anything runs. The workspace is removed at the end.
 */
import { Container } from 'inversify';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileSystemTools } from '../../src/fs/index.js';
import {
  agentkitModule,
  TOOL_EXECUTOR,
  type ApprovalRequest,
  type JsonObject,
  type JsonValue,
  type ToolExecutionOutcome,
} from '../../src/index.js';

export interface FilesystemToolsReport {
  readonly listing: ToolExecutionOutcome;
  readonly read: ToolExecutionOutcome;
  readonly asked: ToolExecutionOutcome;
  readonly resumed: ToolExecutionOutcome;
  readonly escape: ToolExecutionOutcome;
  /** The edited file after the run, and whether anything appeared next to the root. */
  readonly finalContent: string;
  readonly escaped: boolean;
  readonly cleanedUp: boolean;
}

export async function run(log: (line: string) => void = console.log): Promise<FilesystemToolsReport> {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-sample-04-')));
  const root = path.join(base, 'project');
  try {
    writeFileSync(path.join(base, 'README.txt'), 'outside the workspace\n');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'greet.ts'), 'export const greet = (name: string) => `Hello, ${name}`;\n');

    const container = new Container();
    container.load(agentkitModule({ roots: [{ path: root }] }), fileSystemTools());
    const executor = await container.getAsync(TOOL_EXECUTOR);
    let calls = 0;
    const request = (toolName: string, input: JsonValue) => ({
      callId: `call-${++calls}`,
      toolName,
      input,
      sessionId: 'demo',
      turnId: 'turn-1',
      metadata: {},
    });
    // The temp path differs on every run: show it as <root>.
    const shown = (text: string): string => text.split(root).join('<root>');

    const listing = await executor.execute(request('fs_list_directory', { path: '.', recursive: true }));
    log(
      `list -> ${listing.status}: ${listing.status === 'completed' ? shown(JSON.stringify(listing.result.result.output)) : ''}`,
    );

    const read = await executor.execute(request('fs_read_file', { path: 'src/greet.ts' }));
    log(
      `read src/greet.ts -> ${read.status}, ${read.status === 'completed' ? JSON.stringify(read.result.metadata['totalLines']) : '?'} line(s)`,
    );

    const edit = request('fs_edit_file', { path: 'src/greet.ts', oldString: 'Hello', newString: 'Hi' });
    const asked = await executor.execute(edit);
    let resumed: ToolExecutionOutcome = asked;
    if (asked.status === 'interrupted' && asked.interruption.type === 'approval_required') {
      const stored = JSON.stringify(asked.interruption.approval);
      const approval = JSON.parse(stored) as ApprovalRequest;
      const [first] = approval.requests;
      log(`edit -> approval required: ${shown(first?.summary ?? '')}`);
      const metadata = first?.metadata;
      const diff =
        typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
          ? (metadata as JsonObject)['diff']
          : undefined;
      log(`  diff shown to the approver:\n${shown(typeof diff === 'string' ? diff : '').trimEnd()}`);
      resumed = await executor.executeApproved(edit, approval);
      log(`approved and resumed -> ${resumed.status}`);
    }

    const escape = await executor.execute(
      request('fs_write_file', { path: 'ghost/../../README.txt', content: 'pwned', overwrite: true }),
    );
    if (escape.status === 'failed')
      log(
        `write ghost/../../README.txt -> ${escape.error.code} (${JSON.stringify(escape.error.details['reason'])}), invoked: ${escape.invoked}`,
      );

    const finalContent = readFileSync(path.join(root, 'src', 'greet.ts'), 'utf8');
    const escaped = readFileSync(path.join(base, 'README.txt'), 'utf8') !== 'outside the workspace\n';
    log(`src/greet.ts now: ${finalContent.trimEnd()}`);
    log(`file outside the root changed: ${escaped}`);
    rmSync(base, { recursive: true, force: true });
    log(`workspace removed: ${!existsSync(base)}`);
    return { listing, read, asked, resumed, escape, finalContent, escaped, cleanedUp: !existsSync(base) };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
