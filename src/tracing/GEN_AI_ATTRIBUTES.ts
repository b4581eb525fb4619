/**
 * The attribute names of the OpenTelemetry GenAI semantic conventions (execute tool span) and
 * of this package's own additions (`agentkit.*`), in one place.
 * @internal
 */
export const GEN_AI_ATTRIBUTES = Object.freeze({
  operationName: 'gen_ai.operation.name',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolDescription: 'gen_ai.tool.description',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
});

/**
 * This package's span attributes and events beside the conventions' (`agentkit.*`).
 * @internal
 */
export const AGENTKIT_ATTRIBUTES = Object.freeze({
  outcome: 'agentkit.outcome',
  invoked: 'agentkit.invoked',
  isError: 'agentkit.result.is_error',
  parentCallId: 'agentkit.call.parent_id',
  sessionId: 'agentkit.session.id',
  turnId: 'agentkit.turn.id',
  interruption: 'agentkit.interruption.type',
  approvalId: 'agentkit.approval.id',
  approvalExpiresAt: 'agentkit.approval.expires_at',
  approvalResumed: 'agentkit.approval.resumed',
  permissionKind: 'agentkit.permission.kind',
  permissionTarget: 'agentkit.permission.target',
  permissionDecision: 'agentkit.permission.decision',
  permissionDenyCode: 'agentkit.permission.deny_code',
});

/**
 * The name of the tracer (the instrumentation scope) every span of this package comes from.
 * @internal
 */
export const TRACER_NAME = 'agentkit-tools-core';
