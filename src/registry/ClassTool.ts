import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ToolError } from '../errors/ToolError.js';
import { isToolExecutionOutcome } from '../executor/isToolExecutionOutcome.js';
import { normalizeToolReturn } from '../executor/normalizeToolReturn.js';
import type { ToolContext } from '../executor/ToolContext.js';
import type { ToolExecutionOutcome } from '../executor/ToolExecutionOutcome.js';
import type { ToolRequest } from '../executor/ToolRequest.js';
import type { ToolResult } from '../executor/ToolResult.js';
import type { ToolDefinition } from '../metadata/ToolClassMetadata.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { buildValidationError } from '../schema/buildValidationError.js';
import { getClassValidatorIssues } from '../schema/getClassValidatorIssues.js';
import type { ToolSpec } from '../spec/ToolSpec.js';
import type { Tool } from './Tool.js';

type Method = (this: object, ...args: unknown[]) => unknown;

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
  public readonly invokeOutcome?: (request: ToolRequest, ctx: ToolContext) => Promise<ToolExecutionOutcome>;
  readonly #parsed = new WeakMap<ToolRequest, unknown>();

  public constructor(
    private readonly instance: ToolInstance,
    private readonly definition: ToolDefinition,
    private readonly preflightMethod: string | symbol | undefined,
  ) {
    this.spec = definition.spec;
    this.source = `class ${instance.constructor.name}`;
    if (definition.maxInputBytes !== undefined) this.maxInputBytes = definition.maxInputBytes;
    if (typeof instance.invokeOutcome === 'function') {
      this.invokeOutcome = (request, ctx) => this.#invokeOutcome(request, ctx);
    }
  }

  /** Builds the input instance (and runs class-validator where ajv cannot check everything). */
  public parseInput(request: ToolRequest): void {
    const { inputClass } = this.definition;
    if (inputClass === undefined) {
      this.#parsed.set(request, request.input);
      return;
    }
    const input = plainToInstance(inputClass, request.input) as object;
    if (this.definition.needsClassValidator) {
      const issues = getClassValidatorIssues(validateSync(input, { forbidUnknownValues: true }));
      if (issues.length > 0) throw buildValidationError(this.spec.name, issues);
    }
    this.#parsed.set(request, input);
  }

  public async proposedRequests(request: ToolRequest): Promise<readonly PermissionRequest[]> {
    if (this.preflightMethod === undefined) return [];
    const method = (this.instance as unknown as Record<string | symbol, Method>)[this.preflightMethod];
    if (typeof method !== 'function') {
      throw new ToolError('internal', `Tool \`${this.spec.name}\` has no preflight method ${String(this.preflightMethod)}().`);
    }
    const requests = await method.call(this.instance, this.#input(request), request);
    if (requests === undefined || requests === null) return [];
    return (Array.isArray(requests) ? requests : [requests]) as PermissionRequest[];
  }

  public async invoke(request: ToolRequest, ctx: ToolContext): Promise<ToolResult> {
    const value = await this.instance.invoke(this.#input(request), ctx);
    return normalizeToolReturn(value, request.callId, this.spec.name);
  }

  async #invokeOutcome(request: ToolRequest, ctx: ToolContext): Promise<ToolExecutionOutcome> {
    const value = await this.instance.invokeOutcome?.(this.#input(request), ctx);
    if (isToolExecutionOutcome(value)) return value;
    return { status: 'completed', result: normalizeToolReturn(value, request.callId, this.spec.name) };
  }

  #input(request: ToolRequest): unknown {
    if (!this.#parsed.has(request)) this.parseInput(request);
    return this.#parsed.get(request);
  }
}
