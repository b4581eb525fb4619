import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type {
  CallToolRequest,
  CallToolResult,
  RequestId,
  ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import {
  type ApprovalRequest,
  type ExecuteOptions,
  type JsonValue,
  type ModelContentOptions,
  type ToolExecutor,
  type ToolRequest,
  type ToolSpec,
} from '../index.js';
import { quoteForDisplay } from '../internal/index.js';
import { askApproval } from './askApproval.js';
import { buildCallToolResult, buildErrorResult } from './buildCallToolResult.js';
import { buildServedCallOptions, type SessionLogLevel } from './buildServedCallOptions.js';
import { describeApproval } from './describeApproval.js';

/**
 * The `_meta` key of a pending approval. A refused call that a person could still approve
 * carries its `ApprovalRequest` here; a client resumes it by calling the same tool with the same
 * arguments and this value in the request's `_meta`, in any session of this server or of a
 * replica sharing its approval store. The person is asked again there; the store makes it run once.
 */
export const APPROVAL_META_KEY = 'agentkit-tools/approval';

/** What one served call needs: the MCP server (to elicit), the executor and the session's settings. */
export interface CallToolContext {
  readonly server: Server;
  readonly executor: ToolExecutor;
  readonly sessionId: string;
  readonly render: ModelContentOptions;
  readonly signal: AbortSignal;
  readonly requestId: RequestId;
  /** The session's `logging/setLevel`. */
  readonly logLevel: SessionLogLevel;
  /** Sends a notification related to this call (the SDK's `extra.sendNotification`). */
  readonly notify: (notification: ServerNotification) => Promise<void>;
}

/** The executor options of `call`: its signal, and its events and questions routed to this client. */
function optionsFor(context: CallToolContext, call: ToolRequest, params: CallToolRequest['params']): ExecuteOptions {
  return buildServedCallOptions(
    {
      server: context.server,
      requestId: context.requestId,
      callId: call.callId,
      toolName: call.toolName,
      progressToken: params._meta?.progressToken,
      logLevel: context.logLevel,
      notify: context.notify,
    },
    context.signal,
  );
}

type Presented = Pick<ApprovalRequest, 'id' | 'callId' | 'sessionId' | 'turnId'>;

function isPresented(value: unknown): value is Presented {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['id', 'callId', 'sessionId', 'turnId'].every((key) => typeof record[key] === 'string');
}

function withApproval(result: CallToolResult, approval: unknown): CallToolResult {
  return { ...result, _meta: { ...result._meta, [APPROVAL_META_KEY]: approval } };
}

/** Puts `approval` to the person; runs the call once approved, else refuses with a result that says why. */
async function approveAndRun(
  context: CallToolContext,
  call: ToolRequest,
  approval: ApprovalRequest,
  message: string,
  spec: ToolSpec | undefined,
  unaskable: CallToolResult,
  options: ExecuteOptions,
): Promise<CallToolResult> {
  const { server, executor, signal } = context;
  if (server.getClientCapabilities()?.elicitation === undefined) return withApproval(unaskable, approval);
  let approved: boolean;
  try {
    approved = await askApproval(server, message, signal, context.requestId);
  } catch (error) {
    // Unanswered (cancelled, timed out, the server shutting down): the approval stays pending, resumable elsewhere.
    return withApproval(
      buildErrorResult(
        `[approval_required] Refused: asking for approval failed (${error instanceof Error ? error.message : String(error)}). Nothing was run.`,
      ),
      approval,
    );
  }
  if (!approved) {
    // A person's no is final: the approval is consumed, so no copy of it can be resumed.
    await executor.reject(
      { request: call, interruption: { type: 'approval_required', approval } },
      'declined through MCP elicitation',
    );
    return buildErrorResult(
      `[permission_denied] Refused: the user did not approve this call. Nothing was run.\n${message}`,
    );
  }
  return buildCallToolResult(await executor.executeApproved(call, approval, options), spec, context.render);
}

/** A call that presents an earlier approval: the same call again, under the ids the approval names. */
async function resume(
  context: CallToolContext,
  params: CallToolRequest['params'],
  presented: unknown,
  spec: ToolSpec | undefined,
): Promise<CallToolResult> {
  if (!isPresented(presented)) {
    return buildErrorResult(
      `[invalid_input] _meta["${APPROVAL_META_KEY}"] must be the approval a refused call carried (an object with string id, callId, sessionId and turnId). Nothing was run.`,
    );
  }
  const input = (params.arguments ?? {}) as JsonValue;
  const call: ToolRequest = {
    callId: presented.callId,
    toolName: params.name,
    input,
    sessionId: presented.sessionId,
    turnId: presented.turnId,
    metadata: {},
  };
  // Only what the executor checks against its store is shown: the tool and the exact input it will run with.
  const text = JSON.stringify(input);
  const full = (value: string): string => quoteForDisplay(value, Number.POSITIVE_INFINITY);
  const tool = quoteForDisplay(params.name, Number.POSITIVE_INFINITY, 'line');
  const message =
    `Tool ${tool} asks to resume approval ${full(presented.id)} ` +
    `and run once with this input (${text.length} characters, in full): ${full(text)}`;
  const unaskable = buildErrorResult(
    `[approval_required] Refused: resuming an approval needs a person's yes, and this MCP client cannot ask for it (no elicitation support). Nothing was run.\n${message}`,
  );
  return approveAndRun(
    context,
    call,
    presented as ApprovalRequest,
    message,
    spec,
    unaskable,
    optionsFor(context, call, params),
  );
}

/**
 * One `tools/call`: run through the executor (validation, permissions); a call that needs
 * approval is put to the client's user through elicitation when the client supports it, else
 * refused, never run unapproved. A call presenting `_meta["agentkit-tools/approval"]` resumes it.
 */
export async function handleCallTool(
  context: CallToolContext,
  params: CallToolRequest['params'],
): Promise<CallToolResult> {
  const { executor, render } = context;
  const spec = executor.specs().find((candidate) => candidate.name === params.name);
  const presented = params._meta?.[APPROVAL_META_KEY];
  if (presented !== undefined) return resume(context, params, presented, spec);
  const call: ToolRequest = {
    callId: randomUUID(),
    toolName: params.name,
    input: (params.arguments ?? {}) as JsonValue,
    sessionId: context.sessionId,
    turnId: randomUUID(),
    metadata: {},
  };
  const options = optionsFor(context, call, params);
  const outcome = await executor.execute(call, options);
  if (outcome.status !== 'interrupted' || outcome.interruption.type !== 'approval_required')
    return buildCallToolResult(outcome, spec, render);
  const { approval } = outcome.interruption;
  return approveAndRun(
    context,
    call,
    approval,
    describeApproval(approval),
    spec,
    buildCallToolResult(outcome, spec, render),
    options,
  );
}
