import type { ToolContext } from './ToolContext.js';
import type { ToolExecutionOutcome } from './ToolExecutionOutcome.js';
import type { ToolRequest } from './ToolRequest.js';
import type { ToolResult } from '../values/ToolResult.js';
import type { PreflightResult } from './PreflightResult.js';
import type { SchemaStrictness } from '../schema/SchemaStrictness.js';
import type { ToolSpec } from '../spec/ToolSpec.js';

/**
 * A tool as the registry and executor see it. `@Tool` classes are adapted to this; a plain
 * object can implement it directly (MCP proxies do).
 *
 * The executor validates `request.input` against `spec.inputSchema` before anything else, so
 * `proposedRequests` and `invoke` only ever see valid input.
 */
export interface Tool {
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
