import { injectable } from 'inversify';
import { assertConstructorMetadata } from './assertConstructorMetadata.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { toolClassRegistry } from '../metadata/toolClassRegistry.js';
import { updateOwnToolClassMetadata } from '../metadata/updateOwnToolClassMetadata.js';
import type { Constructor } from '../metadata/Constructor.js';
import { buildToolDefinition, type SchemaCompileTime } from './buildToolDefinition.js';
import type { ToolOptionsInput } from './InferToolInput.js';
import type { ToolClass } from './ToolClass.js';
import type { ToolOptions } from './ToolOptions.js';
import type { ToolContext } from '../contract/ToolContext.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResult } from '../values/ToolResult.js';
import type { PreflightResult } from '../contract/PreflightResult.js';
import type { SchemaStrictness } from '../schema/SchemaStrictness.js';
import type { ToolSpec } from '../spec/ToolSpec.js';

/**
 * Declares a class as a tool. The class needs an `invoke(input, ctx)` method; it becomes
 * injectable (no `@injectable()` needed) and is discovered when bound in the container.
 * Options are checked now: a mistake throws `ToolDefinitionError` naming the class.
 *
 * Typed: `invoke`'s input parameter must accept what `input` declares (an instance of the DTO
 * class, a Standard Schema's output such as `z.output<typeof schema>`, or the type of a
 * literal JSON Schema, see `InferToolInput`), so
 * `@Tool({ input: EchoInput })` on a class with `invoke(input: number)` does not compile.
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { IsString, MaxLength } from 'class-validator';
 * import { Container } from 'inversify';
 * import { agentkitModule, JSONSchema, Tool, TOOL_EXECUTOR } from 'agentkit-tools-core';
 *
 * class EchoInput {
 *   @IsString()
 *   @MaxLength(1_000)
 *   @JSONSchema({ description: 'The text to repeat, as is.' })
 *   text!: string;
 * }
 *
 * @Tool({ name: 'echo', description: 'Repeats the text back.', input: EchoInput, annotations: { readOnlyHint: true } })
 * class EchoTool {
 *   invoke(input: EchoInput): string {
 *     return input.text;
 *   }
 * }
 *
 * const container = new Container();
 * container.bind(EchoTool).toSelf(); // bound classes carrying @Tool are discovered
 * await container.load(agentkitModule());
 * const executor = await container.getAsync(TOOL_EXECUTOR);
 * ```
 */
export function Tool<const TOptions extends ToolOptions>(
  options: TOptions,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the public signature in the API report (etc/api) stays as it is.
): <TClass extends ToolClass<ToolOptionsInput<TOptions>>>(target: TClass) => void {
  return decorateTool(options, 'now');
}

/**
 * `@Tool` for the package's built-in tools: the same checks, with the schemas compiled on the
 * first call instead of at import, so a host does not compile at start-up the schemas of every
 * built-in it may never call. Only for schemas known to compile: test/decorators/BuiltInTool
 * compiles every built-in's strictly (a `@Tool` class's bad schema must fail at import).
 * @internal
 */
export function BuiltInTool<const TOptions extends ToolOptions>(
  options: TOptions,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the same signature as Tool's.
): <TClass extends ToolClass<ToolOptionsInput<TOptions>>>(target: TClass) => void {
  return decorateTool(options, 'on-first-use');
}

function decorateTool(options: ToolOptions, compileTime: SchemaCompileTime): (target: unknown) => void {
  return ((target: Constructor): Constructor => {
    const subject = `class ${target.name || '(anonymous)'}`;
    const prototype = target.prototype as Record<string, unknown> | undefined;
    if (typeof prototype?.invoke !== 'function') {
      throw new ToolDefinitionError(
        subject,
        '@Tool() classes need an invoke(input, ctx) method.',
        'Add `async invoke(input, ctx) { ... }` returning a string, a JSON value or a ToolOutput.',
      );
    }
    const definition = buildToolDefinition(options, subject, compileTime);
    updateOwnToolClassMetadata(target, (current) => ({ ...current, definition }));
    try {
      injectable()(target);
    } catch (error) {
      throw new ToolDefinitionError(
        subject,
        '@Tool() already makes the class injectable.',
        'Remove @injectable() from it.',
        { cause: error },
      );
    }
    assertConstructorMetadata(target, subject);
    toolClassRegistry.add(target);
    // The class itself, unchanged (typed `void` so a mistyped class reports one error, not two).
    return target;
  }) as (target: unknown) => void;
}

/**
 * A tool as the registry and executor see it. `@Tool` classes are adapted to this; a plain
 * object can implement it directly (MCP proxies do).
 *
 * The executor validates `request.input` against `spec.inputSchema` before anything else, so
 * `proposedRequests` and `invoke` only ever see valid input.
 */
export interface Tool {
  /** What the model sees: name, description, input and output schemas, annotations, metadata. */
  readonly spec: ToolSpec;
  /** Where the tool comes from, for error messages (`class EchoTool`, `mcp server github`). */
  readonly source?: string;
  /**
   * `lenient` compiles the input schema without ajv's strict mode, for schemas written by
   * others (remote MCP servers). Validation itself stays as strict. Default `strict`.
   */
  readonly schemaStrictness?: SchemaStrictness;
  /** Largest accepted input, in characters of JSON text. Default 1 MiB. */
  readonly maxInputBytes?: number;
  /**
   * The executor's deadline for this tool's calls when a call sets none (instead of the
   * executor default), for tools that enforce longer timeouts of their own.
   */
  readonly timeoutMs?: number;
  /**
   * Optional second validation/parsing step after the schema, before preflight. What it
   * returns is the call's input from then on (`proposedRequests`' second argument and
   * `ctx.input`). A throw here (a `ToolError` `invalid_input`, say) means nothing ran.
   */
  parseInput?(request: ToolRequest): unknown;
  /**
   * Describes every side effect before any happens. `input` is the parsed input. It may return
   * `{ requests, plan }`: the executor hands `plan` to this call's body as `ctx.plan`.
   */
  proposedRequests?(request: ToolRequest, input?: unknown): PreflightResult | Promise<PreflightResult>;
  /**
   * The tool's body: its result for this call, later (a promise) or, costing no promise, at
   * once. `await tool.invoke(request, ctx)` reads either. The executor checks the result (a
   * `ToolResult`, matching the output schema) and gives it the call's id.
   */
  invoke(request: ToolRequest, ctx: ToolContext): ToolResult | PromiseLike<ToolResult>;
  /**
   * The one way for a composing tool to pass a child's `interrupted` outcome up: when present,
   * the executor runs it instead of `invoke`, and the outcome it answers is the call's
   * (`completed` results are checked as `invoke`'s are; a child's `failed` says `invoked: true`).
   */
  invokeOutcome?(request: ToolRequest, ctx: ToolContext): ToolExecutionOutcome | PromiseLike<ToolExecutionOutcome>;
}
