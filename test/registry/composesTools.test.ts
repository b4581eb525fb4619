import { describe, expect, it } from '@jest/globals';
import { ToolCatalog, type ToolSource, type ToolSpec } from '../../src/index.js';
import { plainTool } from '../fixtures/plainTool.js';

describe('ToolSource.composesTools', () => {
  it('loads after every other source, at each reload, handed the specs registered before it', async () => {
    let remote = ['a'];
    let announce: () => void | Promise<void> = () => undefined;
    const remoteSource: ToolSource = {
      id: 'remote',
      loadTools: () => remote.map((name) => plainTool({ name })),
      onToolsChanged: (listener) => {
        announce = listener;
        return () => undefined;
      },
    };
    const seen: string[][] = [];
    const composing: ToolSource = {
      id: 'composer',
      composesTools: true,
      loadTools: (registered: readonly ToolSpec[] = []) => {
        seen.push(registered.map((spec) => spec.name));
        return [plainTool({ name: 'summary' })];
      },
    };
    // Listed first, loaded last.
    const catalog = await ToolCatalog.load([plainTool({ name: 'local' })], [composing, remoteSource]);
    expect(seen).toStrictEqual([['a', 'local']]);
    expect(catalog.registry.names()).toStrictEqual(['a', 'local', 'summary']);
    remote = ['a', 'b'];
    await announce();
    expect(seen).toStrictEqual([
      ['a', 'local'],
      ['a', 'b', 'local'],
    ]);
    expect(catalog.registry.names()).toStrictEqual(['a', 'b', 'local', 'summary']);
    await catalog.close();
  });

  it('refuses a composed tool whose name is taken', async () => {
    const composing: ToolSource = {
      id: 'composer',
      composesTools: true,
      loadTools: () => [plainTool({ name: 'local' })],
    };
    await expect(ToolCatalog.load([plainTool({ name: 'local' })], [composing])).rejects.toThrow(
      /Duplicate tool name "local"/,
    );
  });
});
