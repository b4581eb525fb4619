import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { lstatSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../src/errors/ToolError.js';
import { Workspace } from '../../src/workspace/Workspace.js';
import { WORKSPACE_PATH_REFUSAL_REASONS } from '../../src/workspace/WorkspacePathRefusalReason.js';
import { LOCATIONS, ModelTree, TARGETS, type LocationSpec, type ModelOutcome } from './ModelTree.js';
import { getRefusal } from './getRefusal.js';
import { makeTempDir } from './makeTempDir.js';

let suiteDir: string;
let runCount = 0;

beforeAll(async () => {
  suiteDir = await makeTempDir('agentkit-workspace-property-');
});

afterAll(() => {
  rmSync(suiteDir, { recursive: true, force: true });
});

/** Any target, with extra weight on existing directories outside the root (escapes). */
const linkTarget = fc.oneof(
  { arbitrary: fc.nat(TARGETS.length - 1), weight: 2 },
  {
    arbitrary: fc.constantFrom(...(['outside', 'root_evil', 'root'] as const).map((target) => TARGETS.indexOf(target))),
    weight: 1,
  },
);
const locationSpec: fc.Arbitrary<LocationSpec> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'dir' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'file' as const }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('link' as const), target: linkTarget, absolute: fc.boolean() }),
    weight: 3,
  },
);
const treeSpec = fc.tuple(...LOCATIONS.map(() => locationSpec));

type Prefix = 'relative' | 'root' | 'base' | 'root_evil' | 'slash';
/** Mostly names of generated entries (so links get crossed), sometimes `.`, `..`, `//` and strangers. */
const segment = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'b', 'c', 'd', 'e'), weight: 8 },
  { arbitrary: fc.constantFrom('.', '..', ''), weight: 2 },
  { arbitrary: fc.constantFrom('missing', '~', 'root', 'outside', 'root_evil'), weight: 1 },
);
const pathInput = fc.record({
  prefix: fc.oneof(
    { arbitrary: fc.constantFrom<Prefix>('relative', 'root'), weight: 6 },
    { arbitrary: fc.constantFrom<Prefix>('base', 'root_evil', 'slash'), weight: 1 },
  ),
  segments: fc.array(segment, { maxLength: 6 }),
});

function spell(tree: ModelTree, input: { prefix: Prefix; segments: readonly string[] }): string {
  const body = input.segments.join('/');
  switch (input.prefix) {
    case 'relative':
      return body;
    case 'root':
      return `${tree.root}/${body}`;
    case 'base':
      return `${tree.base}/${body}`;
    case 'root_evil':
      return `${tree.root}_evil/${body}`;
    case 'slash':
      return `/${body}`;
  }
}

/** realpath of the deepest existing lexical prefix + the rest, straight from the disk. */
function realpathOfDeepestExisting(lexical: string): string {
  const rest: string[] = [];
  let current = lexical;
  for (;;) {
    try {
      lstatSync(current);
      return path.join(realpathSync(current), ...rest);
    } catch {
      rest.unshift(path.basename(current));
      current = path.dirname(current);
    }
  }
}

async function outcomeOf(workspace: Workspace, input: string): Promise<ModelOutcome> {
  try {
    const resolved = await workspace.resolve(input);
    return { ok: true, path: resolved.path, exists: resolved.exists };
  } catch (error) {
    if (ToolError.is(error) && typeof error.details['reason'] === 'string') {
      expect(WORKSPACE_PATH_REFUSAL_REASONS).toContain(error.details['reason']);
      return { ok: false, reason: error.details['reason'] };
    }
    throw error;
  }
}

describe(Workspace.name, () => {
  describe('.resolve', () => {
    it('agrees with a reference model of a random tree with links inside and outside the root', async () => {
      await fc.assert(
        fc.asyncProperty(treeSpec, fc.array(pathInput, { minLength: 1, maxLength: 12 }), async (specs, inputs) => {
          runCount += 1;
          const base = path.join(suiteDir, `run-${runCount}`);
          mkdirSync(base);
          try {
            const tree = new ModelTree(base, specs);
            tree.write();
            const workspace = Workspace.create([{ path: tree.root }]);
            for (const input of inputs.map((spec) => spell(tree, spec))) {
              const actual = await outcomeOf(workspace, input);
              expect({ input, outcome: actual }).toStrictEqual({ input, outcome: tree.expect(input) });
              if (actual.ok) {
                expect(workspace.isInsideRoots(actual.path)).toBe(true);
                expect(actual.path).toBe(realpathOfDeepestExisting(path.resolve(tree.root, input)));
              }
            }
          } finally {
            rmSync(base, { recursive: true, force: true });
          }
        }),
        { numRuns: 200 },
      );
      // 200 real trees written and resolved: about 3.5 s on a quiet 2-core machine, more under a loaded suite.
    }, 30_000);

    it('refuses every input that contains a control character', async () => {
      const workspace = Workspace.create([{ path: suiteDir }]);
      const control = fc
        .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }))
        .map((code) => String.fromCharCode(code));
      await fc.assert(
        fc.asyncProperty(fc.string(), control, fc.string(), async (before, character, after) => {
          const input = `${before}${character}${after}`;
          expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
            code: 'invalid_input',
            details: { path: input, reason: 'control_character' },
          });
        }),
        { numRuns: 200 },
      );
    });

    it('refuses every prefix sibling of a root (root + name without a separator)', async () => {
      const root = path.join(suiteDir, 'root');
      mkdirSync(root, { recursive: true });
      const workspace = Workspace.create([{ path: root }]);
      const suffix = fc
        .string({ minLength: 1, unit: 'grapheme-ascii' })
        .filter((name) => !name.includes('/') && !/\p{Cc}/u.test(name));
      await fc.assert(
        fc.asyncProperty(suffix, fc.constantFrom('', '/x', '/../x'), async (name, tail) => {
          const input = `${root}${name}${tail}`;
          expect(await getRefusal(workspace.resolve(input))).toStrictEqual({
            code: 'permission_denied',
            details: { path: input, reason: 'outside_roots', roots: [root] },
          });
        }),
        { numRuns: 200 },
      );
    });
  });
});
