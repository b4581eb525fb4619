import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { MAX_TIMEOUT_MS } from '../contract/MAX_TIMEOUT_MS.js';
import type { ToolDefinition } from '../metadata/ToolClassMetadata.js';
import { buildDtoSchema } from '../schema/buildDtoSchema.js';
import { compileSchema, deferSchema } from '../schema/compileSchema.js';
import type { Constructor } from '../metadata/Constructor.js';
import { needsClassValidator } from '../schema/needsClassValidator.js';
import { buildStandardInputSchema } from '../schema/standard/buildStandardInputSchema.js';
import { parseStandardInput } from '../schema/standard/parseStandardInput.js';
import { hasStandardProps, type StandardInputSchema } from '../schema/standard/StandardInputSchema.js';
import type { ToolAnnotations } from '../spec/ToolAnnotations.js';
import { toToolName } from '../spec/toToolName.js';
import type { JsonObject } from '../values/JsonValue.js';
import type { ToolOptions } from './ToolOptions.js';

const EMPTY_INPUT_SCHEMA: JsonObject = Object.freeze({
  type: 'object',
  properties: Object.freeze({}),
  additionalProperties: false,
});

const ANNOTATION_KEYS = new Set([
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'needsApprovalHint',
  'supportsStreamingHint',
]);

function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function toSchema(value: Constructor | JsonObject, subject: string, which: string): JsonObject {
  if (typeof value === 'function') return buildDtoSchema(value);
  if (isPlainObject(value)) return value;
  throw new ToolDefinitionError(
    subject,
    `@Tool({ ${which} }) must be a class-validator DTO class or a JSON Schema object.`,
    `Pass a class, e.g. \`${which}: EchoInput\`, or a schema, e.g. \`${which}: { type: 'object', properties: {} }\`.`,
  );
}

function checkAnnotations(annotations: ToolAnnotations, subject: string): ToolAnnotations {
  for (const [key, value] of Object.entries(annotations)) {
    if (!ANNOTATION_KEYS.has(key) || typeof value !== 'boolean') {
      throw new ToolDefinitionError(
        subject,
        `annotation "${key}" is not a known boolean hint.`,
        `Use only ${[...ANNOTATION_KEYS].join(', ')}, each true or false.`,
      );
    }
  }
  return Object.freeze({ ...annotations });
}

/** Checks `@Tool` options and computes everything about the tool that does not change. */
/**
 * When a tool class's schemas compile: `now`, as the class is decorated, so a bad schema fails
 * at import (every `@Tool` class); `on-first-use`, for the built-in tools only (see `BuiltInTool`).
 */
export type SchemaCompileTime = 'now' | 'on-first-use';

export function buildToolDefinition(
  options: ToolOptions,
  subject: string,
  compileTime: SchemaCompileTime = 'now',
): ToolDefinition {
  if (!isPlainObject(options)) {
    throw new ToolDefinitionError(
      subject,
      '@Tool() needs an options object.',
      "Write @Tool({ name: 'my_tool', description: '...' }).",
    );
  }
  const name = toToolName(options.name, subject);
  if (typeof options.description !== 'string' || options.description.trim() === '') {
    throw new ToolDefinitionError(
      subject,
      'the description is missing.',
      'Add `description`: one or two sentences telling the model what the tool does and when to use it.',
    );
  }
  const { maxInputBytes } = options;
  if (maxInputBytes !== undefined && !(Number.isInteger(maxInputBytes) && maxInputBytes > 0)) {
    throw new ToolDefinitionError(
      subject,
      '`maxInputBytes` must be a positive integer.',
      'Omit it for the 1 MiB default.',
    );
  }
  const { timeoutMs } = options;
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new ToolDefinitionError(
      subject,
      `\`timeoutMs\` must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}.`,
      'Omit it to use the executor default.',
    );
  }
  const { input } = options;
  const standardInput = hasStandardProps(input) ? (input as StandardInputSchema) : undefined;
  const inputSchema =
    input === undefined
      ? EMPTY_INPUT_SCHEMA
      : standardInput === undefined
        ? toSchema(input as Constructor | JsonObject, subject, 'input')
        : buildStandardInputSchema(standardInput, subject);
  const outputSchema = options.output === undefined ? undefined : toSchema(options.output, subject, 'output');
  const inputClass = typeof options.input === 'function' ? options.input : undefined;
  const compile = compileTime === 'now' ? compileSchema : deferSchema;
  const spec = Object.freeze({
    name,
    description: options.description,
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    annotations: checkAnnotations(options.annotations ?? {}, subject),
    metadata: Object.freeze({ ...(options.metadata ?? {}) }),
  });
  return {
    spec,
    ...(inputClass === undefined ? {} : { inputClass }),
    ...(standardInput === undefined
      ? {}
      : { parseInput: (value: unknown, toolName: string) => parseStandardInput(standardInput, toolName, value) }),
    needsClassValidator: inputClass !== undefined && needsClassValidator(inputClass),
    validateInput: compile(inputSchema, subject, 'input'),
    ...(outputSchema === undefined ? {} : { validateOutput: compile(outputSchema, subject, 'output') }),
    ...(maxInputBytes === undefined ? {} : { maxInputBytes }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}
