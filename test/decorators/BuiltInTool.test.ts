import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Tool, ToolDefinitionError, type JsonObject } from '../../src/index.js';
import { BuiltInTool, SchemaCompiler } from '../../src/internal/index.js';
import { FILE_SYSTEM_TOOL_CLASSES } from '../../src/fs/tools/FILE_SYSTEM_TOOL_CLASSES.js';
import { ShellExecTool } from '../../src/shell/ShellExecTool.js';
import { definitionErrorOf, getToolDefinition } from './getToolDefinition.js';

const BUILT_INS: readonly object[] = [...FILE_SYSTEM_TOOL_CLASSES, ShellExecTool];
const SRC = path.resolve(import.meta.dirname, '../../src');

const SCHEMA = {
  type: 'object',
  properties: { text: { type: 'string', maxLength: 3 } },
  required: ['text'],
  additionalProperties: false,
} as const satisfies JsonObject;

describe('BuiltInTool', () => {
  it('is used by exactly the built-in tool classes checked here', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const decorated = files.filter((file) => readFileSync(path.join(SRC, file), 'utf8').includes('@BuiltInTool('));
    expect(decorated).toHaveLength(BUILT_INS.length);
  });

  it("compiles every built-in tool's schemas strictly (what @Tool would have checked at import)", () => {
    const compiler = new SchemaCompiler();
    for (const builtIn of BUILT_INS) {
      const { spec } = getToolDefinition(builtIn);
      const schemas = spec.outputSchema === undefined ? [spec.inputSchema] : [spec.inputSchema, spec.outputSchema];
      for (const [index, schema] of schemas.entries())
        expect(compiler.compile(schema, spec.name, index === 0 ? 'input' : 'output', 'strict')).toBeInstanceOf(
          Function,
        );
    }
  });

  it('validates as a compiled schema does, with the same errors, compiling on the first validation', () => {
    const schema = structuredClone(SCHEMA) as JsonObject;
    const deferred = new SchemaCompiler().defer(schema, 'class Deferred', 'input');
    // Not compiled yet: an ajv validator carries its schema; the deferred one does not, until used.
    expect('schema' in deferred).toBe(false);
    const compiled = new SchemaCompiler().compile(structuredClone(SCHEMA), 'class Compiled', 'input');
    for (const input of [{ text: 'abc' }, { text: 'abcd' }, { text: 1 }, {}, { text: 'a', extra: true }]) {
      expect(deferred(input)).toBe(compiled(input));
      expect(deferred.errors ?? null).toStrictEqual(compiled.errors ?? null);
    }
  });

  it('keeps @Tool failing at import for a schema that does not compile; a built-in would fail on its first call', () => {
    const bad = { type: 'object', properties: { n: { type: 'number', mustBe: 3 } } };
    const error = definitionErrorOf(() => {
      @Tool({ name: 'eager_bad', description: 'Never defined.', input: bad })
      class EagerBad {
        public invoke(): string {
          return 'never';
        }
      }
      return EagerBad;
    });
    expect(error.message).toContain('its input schema does not compile');

    @BuiltInTool({ name: 'deferred_bad', description: 'Fails when first validated.', input: bad })
    class DeferredBad {
      public invoke(): string {
        return 'never';
      }
    }
    const { validateInput } = getToolDefinition(DeferredBad);
    expect(() => validateInput({ n: 1 })).toThrow(ToolDefinitionError);
  });
});
