import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Ajv } from 'ajv';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { buildRegistry } from '../../src/registry/ToolCatalog.js';
import { TOOL_SOURCE, type ToolSource } from '../../src/index.js';
import { McpRemoteTool } from '../../src/mcp/McpRemoteTool.js';
import { getAjv } from '../../src/schema/getAjv.js';
import { ISOLATED_TEST_BUDGET_MS, runIsolated } from '../fs/fixtures/runIsolated.js';
import { createMcpHarness, type McpHarness } from './fixtures/createMcpHarness.js';
import { createToolServer, fixtureTool, text } from './fixtures/createToolServer.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** V8's collector, exposed at run time (jest runs without `--expose-gc`). */
function getGarbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** How many schemas an ajv instance keeps (ajv's own map of compiled schemas; not in its typed API). */
function countCompiled(ajv: Ajv): number {
  return (ajv as unknown as { readonly _cache: ReadonlyMap<unknown, unknown> })._cache.size;
}

describe(McpRemoteTool.name, () => {
  describe('schema patterns', () => {
    it(
      'validates inputs and results against hostile patterns in linear time (run in a child process: a freeze cannot be interrupted)',
      async () => {
        expect(await runIsolated(path.join(HERE, 'fixtures', 'remoteHostileSchemas.ts'))).toStrictEqual({
          pattern: { status: 'failed', code: 'invalid_input', reason: null, invoked: false },
          patternAccepted: { status: 'completed' },
          keys: { status: 'failed', code: 'invalid_input', reason: null, invoked: false },
          output: { status: 'failed', code: 'execution_failed', reason: 'output_schema', invoked: true },
          url: { status: 'failed', code: 'invalid_input', reason: null, invoked: false },
        });
      },
      ISOLATED_TEST_BUDGET_MS,
    );
  });

  describe('reloads', () => {
    let harness: McpHarness;
    let source: ToolSource;

    beforeAll(async () => {
      const server = createToolServer([
        fixtureTool('lookup', () => text('found'), {
          inputSchema: {
            type: 'object',
            properties: { key: { type: 'string', pattern: '^[a-z]+$' } },
            required: ['key'],
          },
          outputSchema: { type: 'object', properties: { value: { type: 'string' } } },
        }),
      ]);
      harness = await createMcpHarness({
        servers: [{ id: 'live', transport: { type: 'in_memory', server: server.server } }],
      });
      source = harness.container.getAll(TOOL_SOURCE)[0] as ToolSource;
    });

    afterAll(() => harness.close());

    it('compiles the schemas of reloaded tools where they can be collected with their registry, not in the process-wide ajv instances', async () => {
      const before = { strict: countCompiled(getAjv('strict')), lenient: countCompiled(getAjv('lenient')) };
      // What a `list_changed` reload runs: list the tools again and build a new registry of them.
      for (let reload = 0; reload < 100; reload++) {
        const registry = await buildRegistry([], [source]);
        expect(registry.names()).toStrictEqual(['mcp_live_lookup']);
      }
      expect({ strict: countCompiled(getAjv('strict')), lenient: countCompiled(getAjv('lenient')) }).toStrictEqual(
        before,
      );
    });

    it('lets the validators of a replaced registry be collected', async () => {
      const collect = getGarbageCollector();
      const compiled = async (): Promise<WeakRef<object>> => {
        const registry = await buildRegistry([], [source]);
        return new WeakRef(registry.getEntry('mcp_live_lookup')?.validateInput as object);
      };
      const dropped = await compiled();
      // A WeakRef's target stays alive until the job that read it ends.
      await new Promise((resolve) => setImmediate(resolve));
      collect();
      expect(dropped.deref()).toBeUndefined();
    });

    it('still validates with the schemas of the latest registry', async () => {
      const registry = await buildRegistry([], [source]);
      const validate = registry.getEntry('mcp_live_lookup')?.validateInput;
      expect([validate?.({ key: 'abc' }), validate?.({ key: 'ABC' })]).toStrictEqual([true, false]);
    });
  });
});
