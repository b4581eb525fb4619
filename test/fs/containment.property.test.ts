import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Container } from 'inversify';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileSystemTools } from '../../src/fs/index.js';
import {
  agentkitModule,
  PERMISSION_CHECKER,
  TOOL_EXECUTOR,
  type JsonObject,
  type ToolExecutionOutcome,
  type ToolExecutor,
} from '../../src/index.js';
import { LOCATIONS, ModelTree, TARGETS, type LocationSpec, type ModelOutcome } from '../workspace/ModelTree.js';
import { ALLOW_ALL } from './fixtures/createFsHarness.js';
import { snapshotTree } from './fixtures/snapshotTree.js';

/**
 * fs_read_file and fs_write_file agree with the reference model of path resolution (the one
 * the core's Workspace is checked against) on random trees of files, directories and links
 * inside and outside the root, for inputs built from names, `.`, `..`, `/` and root spellings:
 * a refused path is refused before the body with the model's reason; an accepted one is read
 * or written at exactly the model's canonical path; outside the root nothing ever changes.
 */
let suite: string;
let base: string;
let executor: ToolExecutor;
let calls = 0;

const linkTarget = fc.nat(TARGETS.length - 1);
const locationSpec: fc.Arbitrary<LocationSpec> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'dir' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'file' as const }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('link' as const), target: linkTarget, absolute: fc.boolean() }),
    weight: 3,
  },
);
const segment = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'b', 'c', 'd', 'e'), weight: 8 },
  { arbitrary: fc.constantFrom('.', '..', ''), weight: 3 },
  { arbitrary: fc.constantFrom('ghost', 'root', 'outside', 'root_evil'), weight: 1 },
);
const pathInput = fc.record({
  prefix: fc.constantFrom('', 'root/', 'base/', 'evil/'),
  segments: fc.array(segment, { minLength: 1, maxLength: 6 }),
});

function spell(input: { prefix: string; segments: readonly string[] }): string {
  const body = input.segments.join('/');
  const prefix =
    { '': '', 'root/': `${base}/root/`, 'base/': `${base}/`, 'evil/': `${base}/root_evil/` }[input.prefix] ?? '';
  // The empty path is refused by the input schema before containment is asked: covered elsewhere.
  return `${prefix}${body}` || '.';
}

const call = (toolName: string, input: JsonObject): Promise<ToolExecutionOutcome> =>
  executor.execute({ callId: `p-${++calls}`, toolName, input, sessionId: 's', turnId: 't', metadata: {} });

function expectRefusedAsModel(
  outcome: ToolExecutionOutcome,
  expected: ModelOutcome & { ok: false },
  input: string,
): void {
  expect({
    input,
    status: outcome.status,
    invoked: outcome.status === 'failed' && outcome.invoked,
    reason: outcome.status === 'failed' ? outcome.error.details['reason'] : undefined,
  }).toStrictEqual({
    input,
    status: 'failed',
    invoked: false,
    reason: expected.reason,
  });
}

beforeAll(async () => {
  suite = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentkit-fs-model-')));
  base = path.join(suite, 'tree');
  new ModelTree((mkdirSync(base), base), []).write();
  const container = new Container();
  container.bind(PERMISSION_CHECKER).toConstantValue(ALLOW_ALL);
  container.load(
    agentkitModule({ roots: [{ path: path.join(base, 'root') }] }),
    fileSystemTools({ requireReadBeforeWrite: false }),
  );
  executor = await container.getAsync(TOOL_EXECUTOR);
});

afterAll(() => {
  rmSync(suite, { recursive: true, force: true });
});

describe(fileSystemTools.name, () => {
  it('reads and writes exactly where the reference model resolves, and refuses what it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(...LOCATIONS.map(() => locationSpec)),
        fc.array(pathInput, { minLength: 1, maxLength: 6 }),
        async (specs, inputs) => {
          rmSync(base, { recursive: true, force: true });
          mkdirSync(base);
          const tree = new ModelTree(base, specs);
          tree.write();
          const outside = () => ({
            outside: snapshotTree(path.join(base, 'outside')),
            evil: snapshotTree(path.join(base, 'root_evil')),
          });
          const before = outside();
          for (const input of inputs.map(spell)) {
            const expected = tree.expect(input);
            const read = await call('fs_read_file', { path: input });
            if (!expected.ok) expectRefusedAsModel(read, expected, input);
            else if (!expected.exists)
              expect(read).toMatchObject({
                status: 'failed',
                invoked: true,
                error: { details: { reason: 'not_found' } },
              });
            else if (read.status === 'completed')
              expect(read.result.result.output).toStrictEqual({ type: 'text', text: expected.path });
            else
              expect({
                input,
                reason: read.status === 'failed' ? read.error.details['reason'] : read.status,
              }).toStrictEqual({ input, reason: 'is_a_directory' });

            const target = `${input}/new-${calls}.txt`;
            const expectedWrite = tree.expect(target);
            const write = await call('fs_write_file', { path: target, content: 'x', createParents: true });
            if (!expectedWrite.ok) expectRefusedAsModel(write, expectedWrite, target);
            else {
              expect({ target, status: write.status }).toStrictEqual({ target, status: 'completed' });
              if (write.status !== 'completed' || write.result.result.output.type !== 'structured') continue;
              const value = write.result.result.output.value as { path: string; createdDirectories: string[] };
              expect(value.path).toBe(expectedWrite.path);
              expect(readFileSync(expectedWrite.path, 'utf8')).toBe('x');
              unlinkSync(value.path);
              for (const directory of [...value.createdDirectories].reverse()) rmdirSync(directory);
            }
          }
          expect(outside()).toStrictEqual(before);
        },
      ),
      { numRuns: 120 },
    );
  });
});
