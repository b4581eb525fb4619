import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { findCompiledSchema } from '../schema/compileSchema.js';
import { SchemaCompiler } from '../schema/SchemaCompiler.js';
import { getToolNameProblem } from '../spec/ToolName.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import { DEFAULT_INPUT_LIMITS } from '../schema/InputLimits.js';
import type { ToolContext } from '../contract/ToolContext.js';
import { ClassTool } from './ClassTool.js';
import type { RegisteredTool } from './RegisteredTool.js';
import type { Tool } from '../decorators/Tool.js';

/** A registered value as a JS caller may pass it: the types say `Tool`, the checks here do not rely on it. */
type ToolCandidate = Partial<Tool>;

function describeSource(tool: Tool, given: string | undefined): string {
  if (tool.source !== undefined) return tool.source;
  if (given !== undefined) return given;
  const ctor = (tool as object).constructor;
  return ctor === Object ? `tool object "${String((tool as ToolCandidate).spec?.name)}"` : `class ${ctor.name}`;
}

function compile(tool: Tool, source: string, compiler: () => SchemaCompiler): RegisteredTool {
  const candidate: { readonly spec?: unknown; readonly invoke?: unknown } = tool;
  if (typeof candidate.spec !== 'object' || candidate.spec === null || typeof candidate.invoke !== 'function') {
    throw new ToolDefinitionError(
      source,
      'is not a Tool: it needs a `spec` and an `invoke(request, ctx)` method.',
      'Implement the Tool interface, or declare a class with @Tool().',
    );
  }
  const { spec } = tool;
  const problem = getToolNameProblem(spec.name);
  if (problem !== undefined) {
    throw new ToolDefinitionError(
      source,
      `invalid tool name: ${problem}.`,
      'Use 1-64 lowercase ASCII letters and digits joined by single ".", "_" or "-".',
    );
  }
  if (typeof spec.description !== 'string' || spec.description.trim() === '') {
    throw new ToolDefinitionError(
      source,
      `tool "${spec.name}" has no description.`,
      'Describe what the tool does for the model.',
    );
  }
  const strictness = tool.schemaStrictness ?? 'strict';
  // `@Tool` classes come precompiled; any other schema compiles in this registry's own ajv
  // instances, which go away with the registry (a reload drops the remote tools it replaced).
  const validateInput =
    findCompiledSchema(spec.inputSchema, strictness) ??
    compiler().compile(spec.inputSchema, source, 'input', strictness);
  const { outputSchema } = spec;
  const validateOutput =
    outputSchema === undefined
      ? undefined
      : (findCompiledSchema(outputSchema, strictness) ??
        compiler().compile(outputSchema, source, 'output', strictness));
  const inputLimits =
    tool.maxInputBytes === undefined
      ? DEFAULT_INPUT_LIMITS
      : Object.freeze({ ...DEFAULT_INPUT_LIMITS, maxBytes: tool.maxInputBytes });
  const classBody =
    tool instanceof ClassTool && tool.invokeOutcome === undefined ? (ctx: ToolContext) => tool.runBody(ctx) : undefined;
  return { tool, source, validateInput, validateOutput, inputLimits, classBody };
}

/**
 * The tools an executor can run, by name. Names are unique: registering a second tool under a
 * taken name throws, naming both sources. `freeze()` makes it read-only.
 *
 * @example
 * ```ts
 * import { BasicToolExecutor, buildToolResult, PolicyPermissionChecker, ToolRegistry } from 'agentkit-tools-core';
 * import { toToolName, type Tool } from 'agentkit-tools-core';
 *
 * // A plain-object tool, without the container.
 * const ping: Tool = {
 *   spec: {
 *     name: toToolName('ping'),
 *     description: 'Answers pong.',
 *     inputSchema: { type: 'object', properties: {}, additionalProperties: false },
 *     annotations: { readOnlyHint: true },
 *     metadata: {},
 *   },
 *   invoke: (request) => Promise.resolve(buildToolResult(request, { type: 'text', text: 'pong' })),
 * };
 * const registry = new ToolRegistry().register(ping);
 * const rules = [{ effect: 'allow', kind: 'tool.invoke' }] as const;
 * const permissions = new PolicyPermissionChecker({ rules, fallback: 'deny' });
 * const executor = new BasicToolExecutor({ registry, permissions });
 * ```
 */
export class ToolRegistry {
  readonly #tools = new Map<string, RegisteredTool>();
  #frozen = false;
  #specs: readonly ToolSpec[] | undefined;
  #compiler: SchemaCompiler | undefined;

  /**
   * Adds `tool`. `source` names where it comes from in error messages (`mcp server github`)
   * when the tool names none itself (`Tool.source`); by default its class or spec name.
   */
  public register(tool: Tool, source?: string): this {
    if (this.#frozen) {
      throw new ToolConfigurationError(
        `Cannot register tool "${String((tool as ToolCandidate).spec?.name)}": the registry is frozen. Register every tool before the executor is created.`,
      );
    }
    const described = describeSource(tool, source);
    const entry = compile(tool, described, () => (this.#compiler ??= new SchemaCompiler()));
    const existing = this.#tools.get(entry.tool.spec.name);
    if (existing !== undefined) {
      throw new ToolConfigurationError(
        `Duplicate tool name "${entry.tool.spec.name}": registered by ${existing.source} and again by ${described}. Rename one of them; tool names must be unique.`,
      );
    }
    this.#tools.set(entry.tool.spec.name, entry);
    this.#specs = undefined;
    return this;
  }

  /** {@link ToolRegistry.register} for each tool, in order. */
  public registerAll(tools: Iterable<Tool>): this {
    for (const tool of tools) this.register(tool);
    return this;
  }

  /** The tool registered under `name`, or `undefined`. */
  public get(name: string): Tool | undefined {
    return this.#tools.get(name)?.tool;
  }

  /** @internal The tool and its compiled validators, for executors. */
  public getEntry(name: string): RegisteredTool | undefined {
    return this.#tools.get(name);
  }

  /** Whether a tool is registered under `name`. */
  public has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** How many tools are registered. */
  public get size(): number {
    return this.#tools.size;
  }

  /** Every tool name, sorted. */
  public names(): string[] {
    return this.specs().map((spec) => spec.name);
  }

  /** Every spec, sorted by name (code-unit order, independent of locale). */
  public specs(): readonly ToolSpec[] {
    this.#specs ??= Object.freeze(
      [...this.#tools.values()]
        .map((entry) => entry.tool.spec)
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    );
    return this.#specs;
  }

  /** Makes it read-only: a later `register` throws. */
  public freeze(): this {
    this.#frozen = true;
    return this;
  }

  /** Whether it was frozen. */
  public get frozen(): boolean {
    return this.#frozen;
  }
}
