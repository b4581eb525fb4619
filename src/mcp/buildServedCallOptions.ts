import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type {
  CreateMessageRequest,
  ElicitRequestFormParams,
  ProgressToken,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { ExecuteOptions, ToolEvent } from '../index.js';
import type { CallNotifications } from './CallNotifications.js';

type ElicitationHandler = NonNullable<ExecuteOptions['elicitation']>;
type SamplingHandler = NonNullable<ExecuteOptions['sampling']>;
/** MCP's log levels. */
type ToolLogLevel = Extract<ToolEvent, { readonly type: 'log' }>['level'];

/** Severity order of MCP's log levels (RFC 5424), least severe first. */
const SEVERITY: Readonly<Record<ToolLogLevel, number>> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

/** A session's `logging/setLevel`: the least severe level its client wants (unset: every level). */
export interface SessionLogLevel {
  level: ToolLogLevel | undefined;
}

/** Whether a `level` message passes the session's threshold. */
export function isLogged(session: SessionLogLevel, level: ToolLogLevel): boolean {
  return session.level === undefined || SEVERITY[level] >= SEVERITY[session.level];
}

/** What one served `tools/call` can reach of its client. */
export interface ServedCall {
  readonly server: Server;
  readonly requestId: RequestId;
  readonly callId: string;
  readonly toolName: string;
  readonly progressToken: ProgressToken | undefined;
  readonly logLevel: SessionLogLevel;
  /** The call's notifications, in order (over HTTP on the call's own stream), its output bounded. */
  readonly notifications: CallNotifications;
}

/**
 * The call's events as MCP notifications, in the order they came: its own `progress` to the
 * client's `progressToken` (`notifications/progress`; a nested call's progress is its own count,
 * so it is not mixed in), every `log` at or above the session's level as `notifications/message`
 * (the logger is the tool's name), and its `output` (nested calls' too) as `notifications/message`
 * at level `info` from the logger `agentkit-tools/output`, coalesced and bounded
 * ({@link CallNotifications}): MCP has no partial result, and progress values must grow with each
 * notification, which output chunks cannot promise beside the tool's own progress.
 */
function forwardEvents(call: ServedCall): (event: ToolEvent) => void {
  const { notifications } = call;
  return (event) => {
    switch (event.type) {
      case 'progress':
        if (call.progressToken === undefined || event.callId !== call.callId) return;
        notifications.send({
          method: 'notifications/progress',
          params: {
            progressToken: call.progressToken,
            progress: event.progress,
            ...(event.total === undefined ? {} : { total: event.total }),
            ...(event.message === undefined ? {} : { message: event.message }),
          },
        });
        return;
      case 'log':
        if (!isLogged(call.logLevel, event.level)) return;
        notifications.send({
          method: 'notifications/message',
          params: { level: event.level, logger: call.toolName, data: event.data },
        });
        return;
      case 'output':
        if (isLogged(call.logLevel, 'info')) notifications.output(event.chunk);
        return;
    }
  };
}

/** `ctx.elicit` as `elicitation/create` (form mode) to the client, on the call's own stream. */
function elicitFromClient(server: Server, relatedRequestId: RequestId): ElicitationHandler {
  return {
    elicit: async (question, _request, signal) => {
      const answer = await server.elicitInput(
        {
          mode: 'form',
          message: question.message,
          requestedSchema: question.schema as unknown as ElicitRequestFormParams['requestedSchema'],
        },
        { signal, relatedRequestId },
      );
      // Checked against the question by the executor before the tool sees it.
      return answer as never;
    },
  };
}

/** `ctx.sample` as `sampling/createMessage` to the client, on the call's own stream. */
function sampleFromClient(server: Server, relatedRequestId: RequestId): SamplingHandler {
  return {
    sample: async (request, _call, signal) => {
      const answer = await server.createMessage(request as unknown as CreateMessageRequest['params'], {
        signal,
        relatedRequestId,
      });
      // Checked by the executor (text content, a model name) before the tool sees it.
      return answer as never;
    },
  };
}

/**
 * The executor options of one served call: its signal, its events forwarded to the client,
 * and its questions put to the client when the client declared form elicitation or sampling
 * (else the executor's own handlers, or the interruption, answer them).
 */
export function buildServedCallOptions(call: ServedCall, signal: AbortSignal): ExecuteOptions {
  const capabilities = call.server.getClientCapabilities();
  const elicitation = capabilities?.elicitation;
  // An empty `elicitation: {}` means form mode (the spec's default before modes existed).
  const form = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  return {
    signal,
    onEvent: forwardEvents(call),
    ...(form ? { elicitation: elicitFromClient(call.server, call.requestId) } : {}),
    ...(capabilities?.sampling === undefined ? {} : { sampling: sampleFromClient(call.server, call.requestId) }),
  };
}
