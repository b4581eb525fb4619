import { ToolError } from '../errors/ToolError.js';
import { isPlannedRequests } from '../contract/isPlannedRequests.js';
import { isToolExecutionOutcome } from '../contract/isToolExecutionOutcome.js';
import { isThenable, MappedLater, readLater, type MaybePromise } from '../contract/maybeAsync.js';
import { normalizeToolReturn } from '../values/normalizeToolReturn.js';
import type { PreflightResult } from '../contract/PreflightResult.js';
import type { ToolContext } from '../contract/ToolContext.js';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { ToolResult } from '../values/ToolResult.js';
import type { ToolDefinition } from '../metadata/ToolClassMetadata.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { buildDtoFactory, type DtoFactory } from '../schema/buildDtoFactory.js';
import { buildValidationError } from '../schema/buildValidationError.js';
import { getClassValidatorIssues } from '../schema/getClassValidatorIssues.js';
import { getDtoLibraries } from '../schema/getDtoLibraries.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import type { Tool } from '../decorators/Tool.js';
import type { ValidationError } from 'class-validator';

type Method = (this: object, ...args: unknown[]) => unknown;

const NO_REQUESTS: readonly PermissionRequest[] = Object.freeze([]);

/** What the preflight method returned, as a list; the `{ requests, plan }` form is kept whole. */
function toPreflightResult(requests: unknown): PreflightResult {
  if (requests === undefined || requests === null) return NO_REQUESTS;
  if (isPlannedRequests(requests)) return requests;
  return (Array.isArray(requests) ? requests : [requests]) as PermissionRequest[];
}

/** A `@Tool` class's later return value, normalized as it is read (see `MappedLater`). */
class NormalizedReturn extends MappedLater<ToolResult> {
  public constructor(
    raw: PromiseLike<unknown>,
    private readonly callId: string,
    private readonly toolName: string,
  ) {
    super(raw);
  }

  protected map(value: unknown): ToolResult {
    return normalizeToolReturn(value, this.callId, this.toolName);
  }
}

/** The instance of a `@Tool` class, with the methods the executor calls. */
interface ToolInstance {
  invoke(input: unknown, ctx: ToolContext): unknown;
  invokeOutcome?(input: unknown, ctx: ToolContext): unknown;
}

/** Adapts an instance of a `@Tool` class to the {@link Tool} interface. */
export class ClassTool implements Tool {
  public readonly spec: ToolSpec;
  public readonly source: string;
  public readonly maxInputBytes?: number;
  public readonly timeoutMs?: number;
  public readonly invokeOutcome?: (request: ToolRequest, ctx: ToolContext) => Promise<ToolExecutionOutcome>;
  readonly #buildInput: DtoFactory | undefined;
  /** class-validator's `validateSync`, for DTOs whose constraints ajv cannot check alone. */
  readonly #validateSync: ((input: object, options: { forbidUnknownValues: boolean }) => ValidationError[]) | undefined;

  public constructor(
    private readonly instance: ToolInstance,
    private readonly definition: ToolDefinition,
    private readonly preflightMethod: string | symbol | undefined,
  ) {
    this.spec = definition.spec;
    this.source = `class ${instance.constructor.name}`;
    if (definition.maxInputBytes !== undefined) this.maxInputBytes = definition.maxInputBytes;
    if (definition.timeoutMs !== undefined) this.timeoutMs = definition.timeoutMs;
    if (definition.inputClass !== undefined) this.#buildInput = buildDtoFactory(definition.inputClass);
    if (definition.needsClassValidator) this.#validateSync = getDtoLibraries(this.source).validator.validateSync;
    if (typeof instance.invokeOutcome === 'function') {
      this.invokeOutcome = (request, ctx) => this.#invokeOutcome(request, ctx);
    }
  }

  /**
   * The input the class's methods get: an instance of the input class (class-validator run
   * where ajv cannot check everything), a Standard Schema's output (its library's `validate`
   * run after the JSON Schema), or the validated JSON for an explicit schema.
   */
  public parseInput(request: ToolRequest): unknown {
    if (this.#buildInput === undefined) {
      const { parseInput } = this.definition;
      return parseInput === undefined ? request.input : parseInput(request.input, this.spec.name);
    }
    const input = this.#buildInput(request.input);
    if (this.#validateSync !== undefined) {
      const issues = getClassValidatorIssues(this.#validateSync(input, { forbidUnknownValues: true }));
      if (issues.length > 0) throw buildValidationError(this.spec.name, issues);
    }
    return input;
  }

  public proposedRequests(
    request: ToolRequest,
    input: unknown = this.parseInput(request),
  ): MaybePromise<PreflightResult> {
    if (this.preflightMethod === undefined) return NO_REQUESTS;
    const method = (this.instance as unknown as Record<string | symbol, Method>)[this.preflightMethod];
    if (typeof method !== 'function') {
      throw new ToolError(
        'internal',
        `Tool \`${this.spec.name}\` has no preflight method ${String(this.preflightMethod)}().`,
      );
    }
    const requests = method.call(this.instance, input, request);
    return isThenable(requests) ? Promise.resolve(requests).then(toPreflightResult) : toPreflightResult(requests);
  }

  /**
   * The class's `invoke`, its return value normalized once, here (text, JSON, a `ToolOutput` or
   * a `ToolResult` become this call's ToolResult): at once when the class answered at once.
   */
  public invoke(request: ToolRequest, ctx: ToolContext): ToolResult | PromiseLike<ToolResult> {
    const value = this.runBody(ctx);
    const later = readLater(value);
    if (later === undefined) return normalizeToolReturn(value, request.callId, this.spec.name);
    // A promise of the class's value stays one promise: normalized in the reaction that reads it.
    const raw =
      later instanceof Promise
        ? (later as Promise<unknown>)
        : new Promise<unknown>((resolve, reject) => later.then(resolve, reject));
    return new NormalizedReturn(raw, request.callId, this.spec.name);
  }

  /**
   * The class's own `invoke` on the call's parsed input, its value as the class returned it (the
   * executor runs this and normalizes the value in its `normalize` step: `RegisteredTool.classBody`).
   */
  public runBody(ctx: ToolContext): unknown {
    return this.instance.invoke(ctx.input, ctx);
  }

  async #invokeOutcome(request: ToolRequest, ctx: ToolContext): Promise<ToolExecutionOutcome> {
    const value = await this.instance.invokeOutcome?.(ctx.input, ctx);
    if (isToolExecutionOutcome(value)) return value;
    return { status: 'completed', result: normalizeToolReturn(value, request.callId, this.spec.name) };
  }
}
