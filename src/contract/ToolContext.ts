import type { ApprovalRequest } from '../interrupt/ApprovalRequest.js';
import type { PermissionChecker } from '../permissions/PermissionChecker.js';
import type { JsonObject, JsonValue } from '../values/JsonValue.js';
import type { ElicitationResult } from '../interrupt/Elicitation.js';
import type { SamplingRequest, SamplingResult } from './Sampling.js';
import type { ToolEvent } from './ToolEvent.js';
import type { ToolExecutionScope } from './ToolExecutionScope.js';
import type { ToolRequest } from './ToolRequest.js';
import type { ToolResources } from './ToolResources.js';

/**
 * The narrow operational context a tool gets for one call. `TInput` is the type of `input`:
 * a `@Tool` class's `invoke(input: EchoInput, ctx: ToolContext<EchoInput>)` reads it typed.
 */
export interface ToolContext<TInput = unknown> {
  /** The request being run. */
  readonly request: ToolRequest;
  /** The validated input: an instance of the input class for DTO tools, else `request.input`. */
  readonly input: TInput;
  /** The request's session. */
  readonly sessionId: string;
  /** The request's turn. */
  readonly turnId: string;
  /** The executor's permission checker, for a tool that checks a further side effect itself. */
  readonly permissions: PermissionChecker;
  /** Host-provided shared resources (bound under `TOOL_RESOURCES`). */
  readonly resources: ToolResources;
  /** Aborted on cancellation or timeout: stop work and release resources. */
  readonly signal: AbortSignal;
  /**
   * Whether anything but this call's own deadline can cancel it (the host's signal, a parent
   * call). Reading `signal` builds an `AbortController` (~4 µs on Node 20); a tool that enforces
   * its own, shorter timeout can skip it when this is false.
   */
  readonly cancellable: boolean;
  /** Calls other tools through the full executor path (validation, preflight, permissions). */
  readonly scope: ToolExecutionScope;
  /**
   * What this call's preflight planned, when it returned `{ requests, plan }` (see
   * `PlannedRequests`): handed over by the executor from the same call, after every request
   * passed. `undefined` when the preflight returned only requests, or when the body was called
   * without the executor.
   */
  readonly plan?: unknown;
  /** The approval being resumed, when this run is the result of a host approval. */
  readonly approvedRequest?: ApprovalRequest;
  /**
   * Reports how far the work is (`total` when known, a `message` for a person): a `progress`
   * event. Never throws and never waits; costs nothing when nobody listens. Served over MCP it
   * becomes `notifications/progress` to the client's `progressToken`.
   */
  progress(update: { readonly progress: number; readonly total?: number; readonly message?: string }): void;
  /** Logs `data` at `level` (MCP's levels): a `log` event (over MCP, `notifications/message`). Never throws. */
  log(level: Extract<ToolEvent, { readonly type: 'log' }>['level'], data: JsonValue): void;
  /**
   * Emits a piece of partial output: an `output` event. Set `annotations.supportsStreamingHint`
   * on a tool that does. Never throws.
   */
  output(chunk: JsonValue): void;
  /**
   * Asks the person a question (`message`) whose answer has the form of `schema`: a flat object
   * schema as MCP elicitation allows (`type: 'object'`; `properties` of type string, number,
   * integer, boolean, or array for a multi-select, with `enum`, `oneOf`, `default`, `title`,
   * `description`; `required`).
   * over MCP `elicitation/create` to the client; in process the host's `ELICITATION_HANDLER`.
   * The content of an accepted answer is checked against the schema before the tool sees it.
   * With nobody to ask, the call ends `interrupted` (`input_required`) and this promise
   * rejects (let it end the body); the host resumes with `executor.executeWithInput`, which
   * runs the call again from its start with the answer recorded: ask before any side effect.
   *
   * @example
   * ```ts
   * import type { ToolContext } from 'agentkit-tools-core';
   *
   * async function pickFile(ctx: ToolContext): Promise<string | undefined> {
   *   const answer = await ctx.elicit({
   *     message: 'Which file did you mean?',
   *     schema: { type: 'object', properties: { file: { type: 'string', enum: ['a.txt', 'b.txt'] } }, required: ['file'] },
   *   });
   *   return answer.action === 'accept' ? String(answer.content['file']) : undefined;
   * }
   * ```
   */
  elicit(question: { readonly message: string; readonly schema: JsonObject }): Promise<ElicitationResult>;
  /**
   * Asks the host's model for a completion: over MCP `sampling/createMessage`; in process the
   * host's `SAMPLING_HANDLER`. With neither, the call ends `interrupted`
   * (`capability_required`, `capability: 'sampling'`) and this promise rejects: never a hang.
   */
  sample(request: SamplingRequest): Promise<SamplingResult>;
}
