import type { Attributes, Span, Tracer } from '@opentelemetry/api';
import type { ToolExecutionOutcome } from '../contract/ToolExecutionOutcome.js';
import type { ToolRequest } from '../contract/ToolRequest.js';
import type { Tool } from '../decorators/Tool.js';
import type { PermissionChecker, PermissionContext } from '../permissions/PermissionChecker.js';
import type { PermissionDecision } from '../permissions/PermissionDecision.js';
import type { PermissionRequest } from '../permissions/PermissionRequest.js';
import { AGENTKIT_ATTRIBUTES as AK, GEN_AI_ATTRIBUTES as GEN_AI, TRACER_NAME } from './GEN_AI_ATTRIBUTES.js';
import { assertTracingOptions } from './assertTracingOptions.js';
import { resolveOpenTelemetry, type OpenTelemetryApi } from './loadOpenTelemetry.js';
import type { TracingOptions } from './TracingOptions.js';

type Outcome = ToolExecutionOutcome;

/**
 * Traces an executor's calls with OpenTelemetry: each call is an `execute_tool {tool name}`
 * span (kind internal) with the GenAI semantic-convention attributes, active while the call's
 * steps and body run, so nested calls, permission checks, MCP requests and the host's own
 * instrumentation inside a tool become its children. Built once per executor, and only when
 * `@opentelemetry/api` is installed and a tracer provider is registered ({@link CallTracer.create}).
 * @internal
 */
export class CallTracer {
  readonly #api: OpenTelemetryApi;
  readonly #tracer: Tracer;
  readonly #recordContent: boolean;
  readonly #lookUp: (name: string) => Tool | undefined;

  private constructor(api: OpenTelemetryApi, options: TracingOptions, lookUp: (name: string) => Tool | undefined) {
    this.#api = api;
    this.#tracer = api.trace.getTracer(TRACER_NAME);
    this.#recordContent = options.recordContent === true;
    this.#lookUp = lookUp;
  }

  /**
   * The tracer of an executor with these options, or `undefined` when it does not trace
   * (`tracing: false`, `@opentelemetry/api` absent, no tracer provider registered).
   */
  public static create(
    options: TracingOptions | false | undefined,
    lookUp: (name: string) => Tool | undefined,
  ): CallTracer | undefined {
    assertTracingOptions(options, 'BasicToolExecutor');
    if (options === false) return undefined;
    const api = resolveOpenTelemetry();
    return api === undefined ? undefined : new CallTracer(api, options ?? {}, lookUp);
  }

  /** `run()` (one call, observed) inside its span; the span ends with the call's outcome. */
  public traceCall(request: ToolRequest, approval: unknown, run: () => Promise<Outcome>): Promise<Outcome> {
    const api = this.#api;
    const parent = api.context.active();
    // Read before the executor checked the request: it may be anything a host passed.
    const seen = request as Partial<ToolRequest> | null | undefined;
    const name = typeof seen?.toolName === 'string' ? seen.toolName : String(seen?.toolName);
    const span = this.#tracer.startSpan(
      `execute_tool ${name}`,
      { kind: api.SpanKind.INTERNAL, attributes: this.#startAttributes(seen, name, approval) },
      parent,
    );
    let running: Promise<Outcome>;
    try {
      running = api.context.with(api.trace.setSpan(parent, span), run);
    } catch (thrown) {
      endThrown(api, span, thrown);
      throw thrown;
    }
    return running.then(
      (outcome) => {
        this.#end(span, outcome);
        return outcome;
      },
      (thrown: unknown) => {
        endThrown(api, span, thrown);
        throw thrown;
      },
    );
  }

  /** `checker`, each evaluation a `permission {kind}` child span of the call's span. */
  public tracePermissions(checker: PermissionChecker): PermissionChecker {
    return {
      evaluate: (request: PermissionRequest, ctx: PermissionContext) => this.#evaluate(checker, request, ctx),
    };
  }

  #evaluate(
    checker: PermissionChecker,
    request: PermissionRequest,
    ctx: PermissionContext,
  ): PermissionDecision | Promise<PermissionDecision> {
    const api = this.#api;
    const { kind } = request;
    const attributes: Attributes = { [AK.permissionKind]: kind };
    if (this.#recordContent && typeof request.target === 'string') attributes[AK.permissionTarget] = request.target;
    const span = this.#tracer.startSpan(`permission ${kind}`, { kind: api.SpanKind.INTERNAL, attributes });
    let decision: PermissionDecision | Promise<PermissionDecision>;
    try {
      decision = checker.evaluate(request, ctx);
    } catch (thrown) {
      endThrown(api, span, thrown);
      throw thrown;
    }
    if (!(decision instanceof Promise)) return endDecision(span, decision);
    return decision.then(
      (later) => endDecision(span, later),
      (thrown: unknown) => {
        endThrown(api, span, thrown);
        throw thrown;
      },
    );
  }

  #startAttributes(request: Partial<ToolRequest> | null | undefined, name: string, approval: unknown): Attributes {
    const attributes: Attributes = {
      [GEN_AI.operationName]: 'execute_tool',
      [GEN_AI.toolName]: name,
      [GEN_AI.toolType]: 'function',
    };
    if (typeof request?.callId === 'string') attributes[GEN_AI.toolCallId] = request.callId;
    const description = this.#lookUp(name)?.spec.description;
    if (typeof description === 'string' && description !== '') attributes[GEN_AI.toolDescription] = description;
    if (typeof request?.sessionId === 'string') attributes[AK.sessionId] = request.sessionId;
    if (typeof request?.turnId === 'string') attributes[AK.turnId] = request.turnId;
    const parentCallId = request?.metadata?.parentCallId;
    if (typeof parentCallId === 'string') attributes[AK.parentCallId] = parentCallId;
    const approvalId = (approval as { id?: unknown } | null | undefined)?.id;
    if (typeof approvalId === 'string') {
      attributes[AK.approvalResumed] = true;
      attributes[AK.approvalId] = approvalId;
    }
    if (this.#recordContent) attributes[GEN_AI.toolCallArguments] = toJsonText(request?.input);
    return attributes;
  }

  #end(span: Span, outcome: Outcome): void {
    const api = this.#api;
    span.setAttribute(AK.outcome, outcome.status);
    switch (outcome.status) {
      case 'completed':
        span.setAttribute(AK.isError, outcome.result.result.isError);
        if (this.#recordContent) span.setAttribute(GEN_AI.toolCallResult, toJsonText(outcome.result.result.output));
        break;
      case 'failed':
        span.setAttributes({ [GEN_AI.errorType]: outcome.error.code, [AK.invoked]: outcome.invoked });
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: outcome.error.message });
        break;
      case 'interrupted': {
        const { interruption } = outcome;
        span.setAttribute(AK.interruption, interruption.type);
        if (interruption.type === 'approval_required') {
          // The call waits for a person: the event names the approval the resumed call's span carries.
          span.addEvent('agentkit.approval.requested', {
            [AK.approvalId]: interruption.approval.id,
            [AK.approvalExpiresAt]: interruption.approval.expiresAt,
          });
        } else {
          span.addEvent('agentkit.auth.requested');
        }
        break;
      }
    }
    span.end();
  }
}

function endDecision(span: Span, decision: PermissionDecision): PermissionDecision {
  const type = (decision as Partial<PermissionDecision> | null)?.type;
  if (typeof type === 'string') span.setAttribute(AK.permissionDecision, type);
  if (type === 'deny') span.setAttribute(AK.permissionDenyCode, String((decision as { code?: unknown }).code));
  span.end();
  return decision;
}

function endThrown(api: OpenTelemetryApi, span: Span, thrown: unknown): void {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  span.recordException(error);
  span.setAttribute(GEN_AI.errorType, error.name);
  span.setStatus({ code: api.SpanStatusCode.ERROR, message: error.message });
  span.end();
}

/** A JSON value as the conventions' string attribute (a value that cannot be written says so). */
function toJsonText(value: unknown): string {
  try {
    return JSON.stringify(value ?? null);
  } catch {
    return '[not JSON]';
  }
}
