import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { compiledScript } from '../fixtures/compiledScript.js';
import { PROJECT_ROOT } from '../mcp/fixtures/startServe.js';

const CALL_ONCE = path.join(PROJECT_ROOT, 'test/tracing/fixtures/callOnce.ts');
const SETUP = path.join(PROJECT_ROOT, 'test/tracing/fixtures/exportSpansToFile.ts');

/** A preload that makes `@opentelemetry/api` unresolvable, as on a machine that never installed it. */
const WITHOUT_OTEL = `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === '@opentelemetry/api' || request.startsWith('@opentelemetry/api/')) {
    const error = new Error("Cannot find module '" + request + "'");
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolve.call(this, request, ...rest);
};
`;

async function callOnce(
  preload: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: string; loaded: number; apiState: boolean }> {
  const { stdout } = await promisify(execFile)(process.execPath, [...preload, await compiledScript(CALL_ONCE)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout) as { status: string; loaded: number; apiState: boolean };
}

describe('loading @opentelemetry/api', () => {
  it('runs calls without it when it is not installed, and loads nothing of it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentkit-no-otel-'));
    try {
      const preload = path.join(dir, 'withoutOtel.cjs');
      await writeFile(preload, WITHOUT_OTEL);
      expect(await callOnce(['--require', preload])).toStrictEqual({ status: 'completed', loaded: 0, apiState: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('loads none of it when it is installed but no tracer provider is registered', async () => {
    expect(await callOnce([])).toStrictEqual({ status: 'completed', loaded: 0, apiState: false });
  }, 60_000);

  it('loads it and traces when the host registered a provider first (--import of its telemetry set-up)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentkit-otel-'));
    const spans = path.join(dir, 'spans.jsonl');
    try {
      const seen = await callOnce(['--import', await compiledScript(SETUP)], { AGENTKIT_TEST_SPANS_FILE: spans });
      expect(seen).toMatchObject({ status: 'completed', apiState: true });
      expect(seen.loaded).toBeGreaterThan(0);
      const names = (await readFile(spans, 'utf8'))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { name: string }).name);
      expect(names).toStrictEqual(['permission tool.invoke', 'execute_tool echo']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
