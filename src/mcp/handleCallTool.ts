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
import type { ApprovalPages } from './ApprovalPages.js';
import { askApproval } from './askApproval.js';
import { buildCallToolResult, buildErrorResult } from './buildCallToolResult.js';
import { buildServedCallOptions, type SessionLogLevel } from './buildServedCallOptions.js';
import { CallNotifications } from './CallNotifications.js';
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
  /** Served over HTTP: the server's approval pages, for clients that cannot ask in a form. */
  readonly approvalPages?: ApprovalPages;
  /** True when nothing can reach the client while a call runs (JSON-response mode): no elicitation. */
  readonly noElicitation?: boolean;
  /** The session's `logging/setLevel`. */
  readonly logLevel: SessionLogLevel;
  /** Sends a notification related to this call (the SDK's `extra.sendNotification`). */
  readonly notify: (notification: ServerNotification) => Promise<void>;
}

/** A call's context with the call's own notifications. */
type ServedCallContext = CallToolContext & { readonly notifications: CallNotifications };

/** The executor options of `call`: its signal, and its events and questions routed to this client. */
function optionsFor(context: ServedCallContext, call: ToolRequest, params: CallToolRequest['params']): ExecuteOptions {
  return buildServedCallOptions(
    {
      server: context.server,
      requestId: context.requestId,
      callId: call.callId,
      toolName: call.toolName,
      progressToken: params._meta?.progressToken,
      logLevel: context.logLevel,
      notifications: context.notifications,
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

/** The person's no: final, the approval consumed, so no copy of it can be resumed. */
async function refuse(
  context: CallToolContext,
  call: ToolRequest,
  approval: ApprovalRequest,
  how: string,
  message: string,
) {
  await context.executor.reject({ request: call, interruption: { type: 'approval_required', approval } }, how);
  return buildErrorResult(
    `[permission_denied] Refused: the user did not approve this call. Nothing was run.\n${message}`,
  );
}

/**
 * URL-mode elicitation: the client shows the person the approval page's link; the call waits
 * for the decision made there (or the page's expiry, or the call's cancellation).
 */
async function approveByPage(
  context: CallToolContext,
  pages: ApprovalPages,
  call: ToolRequest,
  approval: ApprovalRequest,
  message: string,
  spec: ToolSpec | undefined,
  options: ExecuteOptions,
): Promise<CallToolResult> {
  const { server, signal } = context;
  const page = pages.open(approval, call);
  let opened;
  try {
    opened = await server.elicitInput(
      { mode: 'url', message, url: page.url, elicitationId: page.id },
      { signal, relatedRequestId: context.requestId },
    );
  } catch (error) {
    return withApproval(
      buildErrorResult(
        `[approval_required] Refused: asking for approval failed (${error instanceof Error ? error.message : String(error)}). Nothing was run.\nApprove or reject it at ${page.url} (until ${page.expiresAt.toISOString()}), then make the same call again.`,
      ),
      approval,
    );
  }
  if (opened.action !== 'accept') return refuse(context, call, approval, 'declined through MCP elicitation', message);
  const aborted = new Promise<'cancelled'>((resolve) => {
    if (signal.aborted) resolve('cancelled');
    signal.addEventListener(
      'abort',
      () => {
        resolve('cancelled');
      },
      { once: true },
    );
  });
  const decision = await Promise.race([page.decided, aborted]);
  if (decision === 'approved' && pages.takeApprovedById(approval.id)) {
    server
      .createElicitationCompletionNotifier(page.id, { relatedRequestId: context.requestId })()
      .catch(() => undefined);
    return buildCallToolResult(await context.executor.executeApproved(call, approval, options), spec, context.render);
  }
  if (decision === 'rejected') return refuse(context, call, approval, 'rejected on the approval page', message);
  return withApproval(
    buildErrorResult(
      `[approval_required] Refused: nobody decided on the approval page in time (${decision === 'cancelled' ? 'the call was cancelled' : 'it expired'}). Nothing was run.\n${message}`,
    ),
    approval,
  );
}

/**
 * Puts `approval` to the person; runs the call once approved, else refuses with a result that
 * says why. Where the client shows links (URL-mode elicitation) and the server has approval
 * pages, the person decides on the page; where it asks in a form, in the form; where it cannot
 * ask at all, the refusal carries the page's link and the same call made again runs once the
 * person approved there.
 */
async function approveAndRun(
  context: CallToolContext,
  call: ToolRequest,
  approval: ApprovalRequest,
  message: string,
  spec: ToolSpec | undefined,
  unaskable: CallToolResult,
  options: ExecuteOptions,
): Promise<CallToolResult> {
  const { server, executor, signal, approvalPages: pages } = context;
  const elicitation = context.noElicitation === true ? undefined : server.getClientCapabilities()?.elicitation;
  if (pages !== undefined && elicitation?.url !== undefined)
    return approveByPage(context, pages, call, approval, message, spec, options);
  if (elicitation === undefined) {
    if (pages === undefined) return withApproval(unaskable, approval);
    const page = pages.open(approval, call);
    const [first] = unaskable.content;
    const said = first?.type === 'text' ? first.text : '';
    return withApproval(
      buildErrorResult(
        `${said}\nA person can approve or reject exactly this call at ${page.url} (single use, until ${page.expiresAt.toISOString()}); once approved, make the same call again and it runs once.`,
      ),
      approval,
    );
  }
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
  if (!approved) return refuse(context, call, approval, 'declined through MCP elicitation', message);
  return buildCallToolResult(await executor.executeApproved(call, approval, options), spec, context.render);
}

/** A call that presents an earlier approval: the same call again, under the ids the approval names. */
async function resume(
  context: ServedCallContext,
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
  const options = optionsFor(context, call, params);
  if (context.approvalPages?.takeApprovedById(presented.id) === true)
    return buildCallToolResult(
      await context.executor.executeApproved(call, presented as ApprovalRequest, options),
      spec,
      context.render,
    );
  const unaskable = buildErrorResult(
    `[approval_required] Refused: resuming an approval needs a person's yes, and this MCP client cannot ask for it (no elicitation support). Nothing was run.\n${message}`,
  );
  return approveAndRun(context, call, presented as ApprovalRequest, message, spec, unaskable, options);
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
  const notifications = new CallNotifications(context.notify, params.name, context.requestId);
  try {
    return await runCallTool({ ...context, notifications }, params);
  } finally {
    // What the call said goes out before its result does.
    await notifications.drain();
  }
}

/** {@link handleCallTool}'s call, its notifications given. */
async function runCallTool(context: ServedCallContext, params: CallToolRequest['params']): Promise<CallToolResult> {
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
  // The same call again after a person approved it on its page: it runs once, as approved.
  const approvedOnPage = context.approvalPages?.takeApproved(call);
  if (approvedOnPage !== undefined)
    return buildCallToolResult(
      await executor.executeApproved(approvedOnPage.request, approvedOnPage.approval, options),
      spec,
      render,
    );
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
