import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolConfigurationError } from '../../src/index.js';
import { assertMcpSdkInstalled, importMcpSdk } from '../../src/mcp/importMcpSdk.js';

const MESSAGE =
  'serveStdio needs the `@modelcontextprotocol/sdk` package (the MCP SDK, v1), an optional peer dependency: npm install @modelcontextprotocol/sdk.';

// The resolver's own errors (Node's; jest's under jest), from projects in a temp directory: `empty` has no SDK,
// `broken` has one that requires a package it lacks. Node's ESM import of a missing SDK: test/packaging.
describe(importMcpSdk.name, () => {
  let dir: string;
  let requireFrom: (project: string) => NodeJS.Require;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agentkit-import-sdk-'));
    mkdirSync(path.join(dir, 'empty'));
    const sdk = path.join(dir, 'broken/node_modules/@modelcontextprotocol/sdk');
    mkdirSync(sdk, { recursive: true });
    writeFileSync(
      path.join(sdk, 'package.json'),
      JSON.stringify({ name: '@modelcontextprotocol/sdk', main: 'index.js' }),
    );
    writeFileSync(path.join(sdk, 'index.js'), "require('a-dependency-not-installed');\n");
    requireFrom = (project) => createRequire(path.join(dir, project, 'main.js'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns what the load gives when the SDK is there', async () => {
    const types = await importMcpSdk('serveStdio', () => import('@modelcontextprotocol/sdk/types.js'));

    expect(typeof types.McpError).toBe('function');
  });

  it('throws a ToolConfigurationError saying what to install when the SDK is not installed, with the resolver’s error as its cause', async () => {
    let cause: unknown;
    const error = await importMcpSdk('serveStdio', () => {
      try {
        return Promise.resolve(requireFrom('empty')('@modelcontextprotocol/sdk/server/stdio.js') as unknown);
      } catch (thrown) {
        cause = thrown;
        throw thrown;
      }
    }).catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(ToolConfigurationError);
    expect({ message: (error as Error).message, cause: (error as Error).cause }).toStrictEqual({
      message: MESSAGE,
      cause,
    });
    expect((cause as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
  });

  it('leaves a package the installed SDK cannot find as it is (a broken install, not a missing SDK)', async () => {
    const error = await importMcpSdk('serveStdio', () =>
      Promise.resolve(requireFrom('broken')('@modelcontextprotocol/sdk') as unknown),
    ).catch((thrown: unknown) => thrown);

    expect(error).not.toBeInstanceOf(ToolConfigurationError);
    expect((error as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
    expect((error as Error).message).toMatch(/^Cannot find module 'a-dependency-not-installed'/u);
  });

  it('leaves any other failure of the load as it is', async () => {
    const failure = new TypeError('not a constructor');

    await expect(importMcpSdk('serveStdio', () => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe(assertMcpSdkInstalled.name, () => {
  it('passes where the SDK is installed (this repository), loading nothing', () => {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@modelcontextprotocol/sdk/client/index.js');

    expect(() => {
      assertMcpSdkInstalled('mcpServers');
    }).not.toThrow();
    expect(require.cache[entry]).toBeUndefined();
  });
});
