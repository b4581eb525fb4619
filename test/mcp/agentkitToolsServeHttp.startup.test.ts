import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { runServe } from './fixtures/startHttpServe.js';

const TOKEN = 'startup-token-0123456789';
/** The bin runs from source: a start takes seconds, on a loaded machine tens of seconds. */
const SPAWNS = 240_000;

/**
 * What the real bin prints and exits with when it cannot start. The argument, token and option
 * checks themselves are unit-tested (test/bin, test/mcp/serveHttp.test.ts); these cases check
 * they reach the user as one clear line and a non-zero exit code. The processes start together.
 */
describe('agentkit-tools serve --http start-up failures', () => {
  let root: string;
  let results: Record<
    'badAddress' | 'missingTokenFile' | 'publicWithoutToken' | 'portInUse',
    { code: number | null; stderr: string }
  >;
  let busyPort: string;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentkit-serve-http-start-')));
    // Something else holds a port: the bin must say so.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    busyPort = String((holder.address() as { port: number }).port);
    try {
      const [badAddress, missingTokenFile, publicWithoutToken, portInUse] = await Promise.all([
        runServe(['serve', '--root', root, '--http', '127.0.0.1:70000'], { AGENTKIT_SERVE_TOKEN: TOKEN }),
        runServe(['serve', '--root', root, '--http', '127.0.0.1:0', '--token-file', path.join(root, 'nope')], {
          AGENTKIT_SERVE_TOKEN: '',
        }),
        runServe(['serve', '--root', root, '--http', '0.0.0.0:0', '--no-auth'], { AGENTKIT_SERVE_TOKEN: '' }),
        runServe(['serve', '--root', root, '--http', `127.0.0.1:${busyPort}`], { AGENTKIT_SERVE_TOKEN: TOKEN }),
      ]);
      results = { badAddress, missingTokenFile, publicWithoutToken, portInUse };
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, SPAWNS);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a bad HOST:PORT with exit code 2, the reason and the usage', () => {
    expect(results.badAddress.code).toBe(2);
    expect(results.badAddress.stderr).toMatch(
      /^agentkit-tools: --http expects HOST:PORT with a port from 0 to 65535 \(for example 127\.0\.0\.1:8080, \[::1\]:0\); got "127\.0\.0\.1:70000"\.\nUsage: agentkit-tools serve /u,
    );
  });

  it('says why a token file cannot be read, and exits 1', () => {
    expect(results.missingTokenFile).toStrictEqual({
      code: 1,
      stderr: `agentkit-tools: Cannot read --token-file ${path.join(root, 'nope')}: no such file.\n`,
    });
  });

  it('refuses to serve a non-loopback address without a token, even with --no-auth, and exits 1', () => {
    expect(results.publicWithoutToken.code).toBe(1);
    expect(results.publicWithoutToken.stderr).toMatch(
      /^agentkit-tools: serveHttp\(executor, options\): refusing to serve "0\.0\.0\.0" without a token: anyone who can reach it could run tools\. /u,
    );
  });

  it('says the port is in use, and exits 1', () => {
    expect(results.portInUse).toStrictEqual({
      code: 1,
      stderr: `agentkit-tools: cannot listen on 127.0.0.1:${busyPort}: the address is already in use (EADDRINUSE).\n`,
    });
  });
});
