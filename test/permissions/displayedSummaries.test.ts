import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, type JsonValue, type ToolExecutor } from '../../src/index.js';
import { fileSystemTools } from '../../src/fs/index.js';
import { shellTools } from '../../src/shell/index.js';

/** A file name reversed after U+202E, and a zero-width space (control characters are refused in paths). */
const NAME = 'evil\u202etxt.sh\u200b';
const SHOWN = String.raw`evil\u202etxt.sh\u200b`;
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

describe('summaries of file and shell requests, as a person reads them', () => {
  let root: string;
  let executor: ToolExecutor;

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-displayed-')));
    mkdirSync(path.join(root, 'sub\u2066dir'));
    const container = new Container();
    container.load(agentkitModule({ roots: [{ path: root }] }), fileSystemTools(), shellTools({ sandbox: 'off' }));
    executor = await container.getAsync(TOOL_EXECUTOR);
  });

  afterAll(async () => {
    await executor.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function requestsOf(
    toolName: string,
    input: JsonValue,
  ): Promise<readonly { summary: string; target?: unknown }[]> {
    const outcome = await executor.execute({ callId: 'c', toolName, input, sessionId: 's', turnId: 't', metadata: {} });
    if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
      throw new Error(`expected an approval, got ${outcome.status}`);
    expect(RAW.test(outcome.interruption.approval.reason)).toBe(false);
    return outcome.interruption.approval.requests;
  }

  it('escapes a file name in an fs request, keeping the raw path in target', async () => {
    const requests = await requestsOf('fs_write_file', { path: NAME, content: 'x' });
    expect(requests).toMatchObject([
      { summary: expect.stringContaining(`${root}/${SHOWN}`), target: path.join(root, NAME) },
    ]);
    expect(requests.some((request) => RAW.test(request.summary))).toBe(false);
  });

  it("escapes a shell command's working directory and a redirection's target", async () => {
    const requests = await requestsOf('shell_exec', { command: `echo hi > '${NAME}'`, cwd: 'sub\u2066dir' });
    expect(requests.map((request) => request.summary)).toStrictEqual(
      expect.arrayContaining([
        expect.stringContaining(String.raw`in ${root}/sub\u2066dir`),
        expect.stringContaining(String.raw`sub\u2066dir/${SHOWN} (shell redirection >)`),
      ]),
    );
    expect(requests.some((request) => RAW.test(request.summary))).toBe(false);
  });
});
