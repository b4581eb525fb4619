import { getDtoLibraries } from '../schema/getDtoLibraries.js';

/**
 * class-validator-jsonschema's decorator, loaded when it first runs: `@JSONSchema({ description })`
 * on a DTO input property (or class) adds to, or (as a function of the generated schema)
 * replaces, what the property's class-validator decorators produce. The schema is
 * class-validator-jsonschema's `SchemaObject` (an OpenAPI 3 schema object). Importing the root
 * entry does not load class-validator-jsonschema; decorating with this does (it is an optional
 * peer, with class-validator and class-transformer, needed only by DTO inputs).
 * @param schema the schema to merge into the generated one, or a function of the generated one
 *   (and class-validator-jsonschema's options) that returns the schema to use.
 * @throws ToolDefinitionError when class-validator-jsonschema is not installed.
 * @example
 * ```ts
 * import { IsString } from 'class-validator';
 * import { JSONSchema } from 'agentkit-tools-core';
 *
 * class EchoInput {
 *   @IsString()
 *   @JSONSchema({ description: 'The text to repeat, as is.' })
 *   public text!: string;
 * }
 * ```
 */
export function JSONSchema(
  schema:
    | Readonly<Record<string, unknown>>
    | ((source: Record<string, unknown>, options: Record<string, unknown>) => Record<string, unknown>),
): (target: object, key?: string) => void {
  return (target, key) => {
    const subject = `class ${typeof target === 'function' ? target.name : target.constructor.name}`;
    getDtoLibraries(subject).jsonSchema.JSONSchema(schema as never)(target, key);
  };
}
