import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ToolRegistry } from '../../src/index.js';
import { registerOptionalTools, type SourcedTool } from '../../src/registry/registerOptionalTools.js';
import { buildPlainTool } from './buildPlainTool.js';

/** A few names, so that collisions are common. */
const nameArbitrary = fc.constantFrom('mcp_a_one', 'mcp_a_two', 'mcp_a_b_c', 'local_tool', 'Not Valid');
const offerArbitrary = fc.record({ sourceId: fc.constantFrom('mcp server a', 'mcp server a_b'), name: nameArbitrary });

function run(
  taken: readonly string[],
  offers: readonly { sourceId: string; name: string }[],
): { names: string[]; omitted: number } {
  const registry = new ToolRegistry().registerAll(taken.map((name) => buildPlainTool(name)));
  const tools: SourcedTool[] = offers.map(({ sourceId, name }) => ({
    sourceId,
    tool: buildPlainTool(name, { source: `${sourceId} (${name})` }),
  }));
  const omitted = registerOptionalTools(registry, tools);
  return { names: registry.names(), omitted: omitted.length };
}

describe(registerOptionalTools.name, () => {
  it('registers exactly the valid names offered once and not taken, and reports every other offer', () => {
    fc.assert(
      fc.property(
        fc.subarray(['local_tool', 'mcp_a_one']),
        fc.array(offerArbitrary, { maxLength: 8 }),
        (taken, offers) => {
          const counts = new Map<string, number>();
          for (const { name } of offers) counts.set(name, (counts.get(name) ?? 0) + 1);
          const registered = [...counts]
            .filter(([name, count]) => count === 1 && !taken.includes(name) && name !== 'Not Valid')
            .map(([name]) => name);

          expect(run(taken, offers)).toStrictEqual({
            names: [...taken, ...registered].sort(),
            omitted: offers.length - registered.length,
          });
        },
      ),
      { seed: 9, numRuns: 200 },
    );
  });

  it('gives the same registry whatever the order the tools come in', () => {
    fc.assert(
      fc.property(
        fc
          .array(offerArbitrary, { maxLength: 8 })
          .chain((offers) => fc.tuple(fc.constant(offers), fc.shuffledSubarray(offers, { minLength: offers.length }))),
        ([offers, shuffled]) => {
          expect(run(['local_tool'], shuffled)).toStrictEqual(run(['local_tool'], offers));
        },
      ),
      { seed: 9, numRuns: 200 },
    );
  });

  it('never throws, even when a tool is not a tool', () => {
    const registry = new ToolRegistry();
    const omitted = registerOptionalTools(registry, [{ sourceId: 's', tool: { spec: null } as never }]);

    expect({
      names: registry.names(),
      omitted: omitted.map((entry) => ({ sourceId: entry.sourceId, name: entry.error.name })),
    }).toStrictEqual({
      names: [],
      omitted: [{ sourceId: 's', name: 'ToolDefinitionError' }],
    });
  });
});
