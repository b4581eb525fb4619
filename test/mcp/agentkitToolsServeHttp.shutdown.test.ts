import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { watch } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isRunning, listDescendants } from './fixtures/listDescendants.js';
import { connectHttp, startHttpServe } from './fixtures/startHttpServe.js';

const TOKEN = 'shutdown-token-0123456789';

/** Resolves when `name` appears in `dir` (the watch is set before the caller triggers it). */
function whenCreated(dir: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, (_event, file) => {
      if (file === name) {
        watcher.close();
        resolve();
      }
    });
  });
}

describe('agentkit-tools serve --http on SIGTERM', () => {
  let root: string;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-http-stop-')));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('cancels a slow shell_exec past the grace, answers it, closes the executor, leaves no child process and exits 0', async () => {
    const policy = path.join(root, 'policy.json');
    await writeFile(policy, JSON.stringify({ rules: [], fallback: 'allow' }));
    const serve = await startHttpServe(
      ['serve', '--root', root, '--shell', '--policy', policy, '--http', '127.0.0.1:0', '--shutdown-grace-ms', '1000'],
      {
        AGENTKIT_SERVE_TOKEN: TOKEN,
      },
    );
    const client = await connectHttp(serve.url, TOKEN);
    const started = whenCreated(root, 'started');
    const call = client.callTool({ name: 'shell_exec', arguments: { command: 'touch started && sleep 300' } });
    await started;
    const children = listDescendants(serve.child.pid ?? -1);

    serve.child.kill('SIGTERM');
    const result = (await call) as CallToolResult;
    const code = await serve.exited;
    await client.close();

    expect(children.length).toBeGreaterThan(0);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: '[interrupted] Tool `shell_exec` was cancelled while running.' }],
    });
    expect(code).toBe(0);
    expect(serve.stderr()).toMatch(/SIGTERM: stopping \(calls in flight get 1000 ms\)\nagentkit-tools: stopped\n$/u);
    expect(children.filter(isRunning)).toStrictEqual([]);
  }, 240_000);
});
