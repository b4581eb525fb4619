import { afterAll, describe, expect, it } from '@jest/globals';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_CLASS_REGISTRY } from '../../src/metadata/TOOL_CLASS_REGISTRY.js';
import { toolClassRegistry } from '../../src/metadata/toolClassRegistry.js';

const METADATA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'metadata');
const copies: string[] = [];

/** A second copy of the registry module, loaded from its own folder as a second package copy would be. */
async function loadSecondCopy(): Promise<typeof toolClassRegistry> {
  const folder = mkdtempSync(join(tmpdir(), 'agentkit-second-copy-'));
  copies.push(folder);
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'agentkit-tools-core', type: 'module' }));
  for (const file of ['toolClassRegistry.ts', 'TOOL_CLASS_REGISTRY.ts'])
    copyFileSync(join(METADATA, file), join(folder, file));
  const module = (await import(join(folder, 'toolClassRegistry.ts'))) as {
    toolClassRegistry: typeof toolClassRegistry;
  };
  return module.toolClassRegistry;
}

afterAll(() => {
  for (const folder of copies) rmSync(folder, { recursive: true, force: true });
});

describe('toolClassRegistry', () => {
  it('keeps the decorated classes under a registered symbol on globalThis', () => {
    class KeptTool {}
    toolClassRegistry.add(KeptTool);
    const shared = (globalThis as Record<symbol, unknown>)[Symbol.for('agentkit-tools-core/ToolClassRegistry')];
    expect({ key: TOOL_CLASS_REGISTRY, kept: shared instanceof Set && shared.has(KeptTool) }).toStrictEqual({
      key: Symbol.for('agentkit-tools-core/ToolClassRegistry'),
      kept: true,
    });
  });

  it('shares the classes with a second copy of the package, both ways', async () => {
    const second = await loadSecondCopy();
    class DecoratedBySecondCopy {}
    class DecoratedByFirstCopy {}
    second.add(DecoratedBySecondCopy);
    toolClassRegistry.add(DecoratedByFirstCopy);
    expect({
      secondIsACopy: second !== toolClassRegistry,
      firstSees: [...toolClassRegistry.values()].includes(DecoratedBySecondCopy),
      secondSees: [...second.values()].includes(DecoratedByFirstCopy),
      sameSize: second.size === toolClassRegistry.size,
    }).toStrictEqual({ secondIsACopy: true, firstSees: true, secondSees: true, sameSize: true });
  });
});
