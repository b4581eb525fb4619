import { describe, expect, it } from '@jest/globals';
import {
  buildToolResult,
  ToolConfigurationError,
  ToolDefinitionError,
  ToolRegistry,
  type Tool,
  type ToolRequest,
  type ToolResult,
} from '../../src/index.js';
import { buildPlainTool } from './buildPlainTool.js';

function errorOf<E extends Error>(type: new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`Expected a ${type.name}`);
}

describe(ToolRegistry.name, () => {
  describe('.register', () => {
    it('returns the registry', () => {
      const registry = new ToolRegistry();
      expect(registry.register(buildPlainTool('echo'))).toBe(registry);
    });

    it('makes the tool available by name', () => {
      const tool = buildPlainTool('echo');
      expect(new ToolRegistry().register(tool).get('echo')).toBe(tool);
    });

    it('throws ToolConfigurationError on a duplicate name, naming both sources', () => {
      const registry = new ToolRegistry().register(buildPlainTool('search', { source: 'mcp server github' }));
      const error = errorOf(ToolConfigurationError, () =>
        registry.register(buildPlainTool('search', { source: 'mcp server gitlab' })),
      );
      expect(error.message).toBe(
        'Duplicate tool name "search": registered by mcp server github and again by mcp server gitlab. Rename one of them; tool names must be unique.',
      );
    });

    it('names plain objects without a source by their tool name', () => {
      const registry = new ToolRegistry().register(buildPlainTool('search'));
      const error = errorOf(ToolConfigurationError, () =>
        registry.register(buildPlainTool('search', { source: 'class SearchTool' })),
      );
      expect(error.message).toMatch(/registered by tool object "search" and again by class SearchTool\./);
    });

    it('names class instances without a source by their class', () => {
      class SearchTool implements Tool {
        public readonly spec = buildPlainTool('search').spec;
        public invoke(request: ToolRequest): Promise<ToolResult> {
          return Promise.resolve(buildToolResult(request, { type: 'text', text: 'search' }));
        }
      }
      const registry = new ToolRegistry().register(new SearchTool());
      const error = errorOf(ToolConfigurationError, () =>
        registry.register(buildPlainTool('search', { source: 'mcp server github' })),
      );
      expect(error.message).toMatch(/registered by class SearchTool and again by mcp server github\./);
    });

    it('keeps the first tool after a rejected duplicate', () => {
      const first = buildPlainTool('search', { source: 'a' });
      const registry = new ToolRegistry().register(first);
      errorOf(ToolConfigurationError, () => registry.register(buildPlainTool('search', { source: 'b' })));
      expect({ tool: registry.get('search'), size: registry.size }).toStrictEqual({ tool: first, size: 1 });
    });

    it('rejects a plain tool with an invalid name with ToolDefinitionError naming it', () => {
      const error = errorOf(ToolDefinitionError, () =>
        new ToolRegistry().register(buildPlainTool('Bad.Name', { source: 'mcp server x' })),
      );
      expect({ subject: error.subject, message: error.message }).toStrictEqual({
        subject: 'mcp server x',
        message:
          'mcp server x: invalid tool name: the name "Bad.Name" is not lowercase ASCII letters and digits joined by single ".", "_" or "-". ' +
          'Use 1-64 lowercase ASCII letters and digits joined by single ".", "_" or "-".',
      });
    });

    it.each(['', '   '])('rejects a plain tool with the description %j with ToolDefinitionError', (description) => {
      const error = errorOf(ToolDefinitionError, () =>
        new ToolRegistry().register(buildPlainTool('echo', { description })),
      );
      expect(error.message).toBe(
        'tool object "echo": tool "echo" has no description. Describe what the tool does for the model.',
      );
    });

    it('rejects a plain tool whose input schema does not compile with ToolDefinitionError', () => {
      const error = errorOf(ToolDefinitionError, () =>
        new ToolRegistry().register(buildPlainTool('echo', { inputSchema: { type: 'strng' } })),
      );
      expect(error.message).toMatch(/^tool object "echo": its input schema does not compile: /);
    });

    it('rejects a plain tool whose output schema does not compile with ToolDefinitionError', () => {
      const error = errorOf(ToolDefinitionError, () =>
        new ToolRegistry().register(buildPlainTool('echo', { outputSchema: { type: 'object', bogus: true } })),
      );
      expect(error.message).toMatch(/^tool object "echo": its output schema does not compile: /);
    });

    it('rejects an object without invoke with ToolDefinitionError', () => {
      const { spec } = buildPlainTool('echo');
      expect(() => new ToolRegistry().register({ spec } as unknown as Tool)).toThrow(ToolDefinitionError);
    });

    it('rejects an object without spec with ToolDefinitionError', () => {
      const invoke = (): Promise<never> => Promise.reject(new Error('never called'));
      expect(() => new ToolRegistry().register({ invoke } as unknown as Tool)).toThrow(ToolDefinitionError);
    });

    it('rejects a schema with an unknown keyword in strict mode by default', () => {
      const inputSchema = { type: 'object', properties: {}, 'x-origin': 'remote' };
      expect(() => new ToolRegistry().register(buildPlainTool('remote', { inputSchema }))).toThrow(ToolDefinitionError);
    });

    it("accepts a schema with an unknown keyword when schemaStrictness is 'lenient'", () => {
      const inputSchema = { type: 'object', properties: {}, 'x-origin': 'remote' };
      const registry = new ToolRegistry().register(
        buildPlainTool('remote', { inputSchema, schemaStrictness: 'lenient' }),
      );
      expect(registry.has('remote')).toBe(true);
    });

    it("still rejects a schema that is broken, not merely unknown, when 'lenient'", () => {
      expect(() =>
        new ToolRegistry().register(
          buildPlainTool('remote', { inputSchema: { type: 'strng' }, schemaStrictness: 'lenient' }),
        ),
      ).toThrow(ToolDefinitionError);
    });

    it('rejects in strict mode a schema object that a lenient tool registered first', () => {
      const inputSchema = { type: 'object', properties: {}, 'x-origin': 'remote' };
      const registry = new ToolRegistry().register(
        buildPlainTool('remote', { inputSchema, schemaStrictness: 'lenient' }),
      );
      expect(() => registry.register(buildPlainTool('local', { inputSchema }))).toThrow(ToolDefinitionError);
    });

    it('registers a schema with an $id in two registries', () => {
      const schema = (): Record<string, string> => ({ $id: 'https://example.com/schemas/echo-input', type: 'object' });
      new ToolRegistry().register(buildPlainTool('echo', { inputSchema: schema() }));
      expect(new ToolRegistry().register(buildPlainTool('echo', { inputSchema: schema() })).has('echo')).toBe(true);
    });

    it('rejects any registration once frozen with ToolConfigurationError', () => {
      const registry = new ToolRegistry().register(buildPlainTool('echo')).freeze();
      const error = errorOf(ToolConfigurationError, () => registry.register(buildPlainTool('other')));
      expect(error.message).toBe(
        'Cannot register tool "other": the registry is frozen. Register every tool before the executor is created.',
      );
    });

    it('keeps a frozen registry unchanged after a rejected registration', () => {
      const registry = new ToolRegistry().register(buildPlainTool('echo')).freeze();
      errorOf(ToolConfigurationError, () => registry.register(buildPlainTool('other')));
      expect(registry.specs().map((spec) => spec.name)).toStrictEqual(['echo']);
    });
  });

  describe('.registerAll', () => {
    it('registers every tool and returns the registry', () => {
      const registry = new ToolRegistry();
      expect(registry.registerAll([buildPlainTool('b'), buildPlainTool('a')])).toBe(registry);
      expect(registry.specs().map((spec) => spec.name)).toStrictEqual(['a', 'b']);
    });

    it('takes any iterable', () => {
      const registry = new ToolRegistry().registerAll(new Set([buildPlainTool('x'), buildPlainTool('y')]));
      expect(registry.size).toBe(2);
    });

    it('throws on a duplicate within the batch', () => {
      expect(() =>
        new ToolRegistry().registerAll([
          buildPlainTool('x', { source: 'one' }),
          buildPlainTool('x', { source: 'two' }),
        ]),
      ).toThrow(ToolConfigurationError);
    });
  });

  describe('.get', () => {
    it('returns undefined for an unknown name', () => {
      expect(new ToolRegistry().register(buildPlainTool('echo')).get('other')).toBeUndefined();
    });
  });

  describe('.has', () => {
    it('tells registered from unknown names', () => {
      const registry = new ToolRegistry().register(buildPlainTool('echo'));
      expect([registry.has('echo'), registry.has('ech'), registry.has('')]).toStrictEqual([true, false, false]);
    });
  });

  describe('.size', () => {
    it('counts registered tools', () => {
      const registry = new ToolRegistry();
      const sizes = [registry.size];
      registry.register(buildPlainTool('a'));
      sizes.push(registry.size);
      registry.register(buildPlainTool('b'));
      sizes.push(registry.size);
      expect(sizes).toStrictEqual([0, 1, 2]);
    });
  });

  describe('.specs', () => {
    it('is empty for an empty registry', () => {
      expect(new ToolRegistry().specs()).toStrictEqual([]);
    });

    it('returns the specs sorted by name in code-unit order', () => {
      const registry = new ToolRegistry().registerAll(
        ['fs_write', 'a-b', 'fs.read', 'a.b', 'a_b', '9tool', 'fs_read'].map((name) => buildPlainTool(name)),
      );
      expect(registry.specs().map((spec) => spec.name)).toStrictEqual([
        '9tool',
        'a-b',
        'a.b',
        'a_b',
        'fs.read',
        'fs_read',
        'fs_write',
      ]);
    });

    it('returns the tools own spec objects', () => {
      const tool = buildPlainTool('echo');
      expect(new ToolRegistry().register(tool).specs()).toStrictEqual([tool.spec]);
    });

    it('reflects a tool registered after an earlier call', () => {
      const registry = new ToolRegistry().register(buildPlainTool('b'));
      registry.specs();
      registry.register(buildPlainTool('a'));
      expect(registry.specs().map((spec) => spec.name)).toStrictEqual(['a', 'b']);
    });
  });

  describe('.freeze', () => {
    it('returns the registry and marks it frozen', () => {
      const registry = new ToolRegistry();
      expect({ returned: registry.freeze() === registry, frozen: registry.frozen }).toStrictEqual({
        returned: true,
        frozen: true,
      });
    });

    it('keeps lookups working', () => {
      const tool = buildPlainTool('echo');
      const registry = new ToolRegistry().register(tool).freeze();
      expect({ tool: registry.get('echo'), has: registry.has('echo'), size: registry.size }).toStrictEqual({
        tool,
        has: true,
        size: 1,
      });
    });
  });
});
