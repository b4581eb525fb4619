import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { SchemaValidator } from '../metadata/SchemaValidator.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { SchemaStrictness } from './SchemaStrictness.js';
import type { JsonObject } from '../values/JsonValue.js';
import { createAjv } from './createAjv.js';
import { getAjv } from './getAjv.js';

/**
 * A schema written by others may name a meta-schema this ajv instance does not load (draft
 * 2020-12, say); lenient compilation validates by its keywords and ignores the declaration.
 */
function withoutMetaSchema(schema: JsonObject): JsonObject {
  if (typeof schema.$schema !== 'string') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema'));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Compiles JSON Schemas into validators with ajv instances of its own (one per strictness,
 * created on first use), each schema object once. ajv keeps everything an instance compiled
 * for as long as the instance lives: a compiler, its instances and all it compiled are
 * collected together once nothing references the compiler or a validator it returned. A
 * `ToolRegistry` owns one, so the schemas of tools that go away (remote tools replaced by a
 * reload) go with their registry.
 *
 * `lenient` schemas (written by others) compile `pattern` keywords with the linear-time engine.
 * @internal
 */
export class SchemaCompiler {
  readonly #instances = new Map<SchemaStrictness, Ajv>();
  readonly #compiled: Record<SchemaStrictness, WeakMap<JsonObject, SchemaValidator>> = {
    strict: new WeakMap(),
    lenient: new WeakMap(),
  };
  readonly #shared: boolean;

  /** @param shared use the process-wide instances (`getAjv`) instead of owned ones: for `@Tool` classes, which never go away. */
  public constructor(options: { readonly shared?: boolean } = {}) {
    this.#shared = options.shared === true;
  }

  /** The validator already compiled for this schema object, if any. */
  public find(schema: JsonObject, strictness: SchemaStrictness = 'strict'): SchemaValidator | undefined {
    return this.#compiled[strictness].get(schema);
  }

  /**
   * Compiles `schema` once (cached per schema object).
   * @throws ToolDefinitionError naming `subject` when the schema does not compile (not valid
   *   draft-07, unknown keywords in strict mode, a `pattern` the linear-time engine does not support).
   */
  public compile(
    schema: JsonObject,
    subject: string,
    which: 'input' | 'output',
    strictness: SchemaStrictness = 'strict',
  ): SchemaValidator {
    const cache = this.#compiled[strictness];
    const cached = cache.get(schema);
    if (cached !== undefined) return cached;
    const validate = this.#compileChecked(schema, subject, which, strictness);
    cache.set(schema, validate);
    return validate;
  }

  /**
   * Like {@link SchemaCompiler.compile}, but compiles on the first validation: for schemas known
   * to compile (the built-in tools', which the package's own tests compile strictly), so that a
   * host does not compile, at start-up, the schemas of tools it may never call.
   */
  public defer(
    schema: JsonObject,
    subject: string,
    which: 'input' | 'output',
    strictness: SchemaStrictness = 'strict',
  ): SchemaValidator {
    const cache = this.#compiled[strictness];
    const cached = cache.get(schema);
    if (cached !== undefined) return cached;
    let compiled: ValidateFunction | undefined;
    const validate: { (data: unknown): boolean; errors?: ErrorObject[] | null | undefined } = (data) => {
      compiled ??= this.#compileChecked(schema, subject, which, strictness);
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    };
    cache.set(schema, validate);
    return validate;
  }

  /** @throws ToolDefinitionError naming `subject` when the schema does not compile. */
  #compileChecked(
    schema: JsonObject,
    subject: string,
    which: 'input' | 'output',
    strictness: SchemaStrictness,
  ): ValidateFunction {
    try {
      return this.#compile(strictness === 'lenient' ? withoutMetaSchema(schema) : schema, strictness);
    } catch (error) {
      throw new ToolDefinitionError(
        subject,
        `its ${which} schema does not compile: ${describe(error)}.`,
        'Give a valid JSON Schema (draft-07) without unknown keywords or formats, or a class-validator DTO class.',
        { cause: error },
      );
    }
  }

  #compile(schema: JsonObject, strictness: SchemaStrictness): ValidateFunction {
    if (this.#shared) return getAjv(strictness).compile(schema);
    // The meta-schema check runs on the shared instance: checking keeps nothing of the schema,
    // and compiling the meta-schema's own validator per instance would cost tens of milliseconds.
    const meta = getAjv(strictness);
    if (!meta.validateSchema(schema)) throw new Error(`schema is invalid: ${meta.errorsText(meta.errors)}`);
    let ajv = this.#instances.get(strictness);
    if (ajv === undefined) {
      ajv = createAjv(strictness, { validateSchema: false });
      this.#instances.set(strictness, ajv);
    }
    return ajv.compile(schema);
  }
}
