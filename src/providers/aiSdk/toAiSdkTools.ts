import { isDeepStrictEqual } from 'node:util';
import {
  type JsonValue,
  type ModelContent,
  type ToolExecutionOutcome,
  type ToolExecutor,
  type ToolRequest,
  type ToolSpec,
} from '../../index.js';
import { buildModelContent, describeInterruption } from '../../internal/index.js';
import type { AiSdkPendingStore } from './AiSdkPendingStore.js';
import type { AiSdkTool, AiSdkVersion } from './AiSdkTool.js';
import { buildStandardJsonSchema } from './buildStandardJsonSchema.js';
import { LiveCall } from './LiveCall.js';
import type { PendingCall } from '../../index.js';
import { toAiSdkModelOutput } from './toAiSdkModelOutput.js';
import type { ToAiSdkToolsOptions } from './ToAiSdkToolsOptions.js';
import { toProviderToolName } from '../toProviderToolName.js';

/** The default pending store: in memory, dropping approvals past their expiry as new ones arrive. */
function createMemoryPendingStore(): AiSdkPendingStore {
  const entries = new Map<string, PendingCall>();
  return {
    get: (toolCallId) => entries.get(toolCallId),
    set: (toolCallId, pending) => {
      const now = Date.now();
      for (const [id, entry] of entries) {
        if (entry.interruption.type === 'approval_required' && Date.parse(entry.interruption.approval.expiresAt) < now)
          entries.delete(id);
      }
      entries.set(toolCallId, pending);
    },
    delete: (toolCallId) => void entries.delete(toolCallId),
  };
}

/**
 * Whether `request` is another call than the `waiting` one under its tool call id (another tool
 * or input), which the executor refused as not the call the approval was issued for.
 */
function isImpostor(request: ToolRequest, waiting: ToolRequest, outcome: ToolExecutionOutcome): boolean {
  const refused =
    outcome.status === 'failed' &&
    !outcome.invoked &&
    outcome.error.code === 'permission_denied' &&
    outcome.error.details['reason'] === 'binding_mismatch';
  return refused && (request.toolName !== waiting.toolName || !isDeepStrictEqual(request.input, waiting.input));
}

/**
 * The executor's tools as Vercel AI SDK tools, keyed by provider-safe name (`.` -> `__`), every
 * call run through the executor (validation, preflight, permissions, timeouts). Their type fits
 * the `ToolSet` of ai 6 and ai 7 (images go as `file-data` parts, which both take; pass
 * `sdkVersion: 7` for ai 7's own `file` parts).
 *
 * Approvals go through the SDK's own tool-approval flow: the SDK asks `needsApproval` before it
 * runs a call; we run the call through the executor there, and when the executor stops with
 * `approval_required` we keep the `PendingCall` (by tool call id) and answer `true`, so the SDK
 * ends the step with a `tool-approval-request`. When the host answers with a
 * `tool-approval-response` and calls the SDK again, an approved call runs through
 * `executor.executeApproved` (bound to that exact call, single use); a denied one is answered by
 * the SDK (`execution-denied`) and never runs. A second call under the same tool call id with
 * another tool or input is refused (`permission_denied`, `binding_mismatch`), and the real call's
 * approval stays pending for it. A call that did not need approval already ran in
 * `needsApproval`; `execute` hands over that outcome, so nothing runs twice.
 * A streaming tool (`supportsStreamingHint`, such as `shell_exec`) whose body starts streaming
 * in `needsApproval` is handed to `execute` running: `execute` is then an async iterable that
 * yields the output so far as preliminary results (the SDK's streaming tool results), then the
 * final result. An `auth_required` interruption cannot pause the SDK: the model reads "waiting for
 * authentication" as an error result and the pending call is kept in `pending` for the host.
 */
export function toAiSdkTools(executor: ToolExecutor, options?: ToAiSdkToolsOptions): Record<string, AiSdkTool>;
/**
 * The executor's tools as ai 7 tools: the same bridge, images handed over as ai 7's own `file`
 * parts, the tools' type assignable to ai 7's `ToolSet` only.
 */
export function toAiSdkTools(
  executor: ToolExecutor,
  options: ToAiSdkToolsOptions<7> & { readonly sdkVersion: 7 },
): Record<string, AiSdkTool<7>>;
export function toAiSdkTools(
  executor: ToolExecutor,
  options: ToAiSdkToolsOptions<AiSdkVersion> = {},
): Record<string, AiSdkTool<AiSdkVersion>> {
  const sessionId = options.sessionId ?? globalThis.crypto.randomUUID();
  const pending = options.pending ?? createMemoryPendingStore();
  const version = options.sdkVersion ?? 6;
  // Outcomes of calls that ran in needsApproval, handed to execute: same process, same step.
  const settled = new Map<string, ToolExecutionOutcome>();
  // Calls of streaming tools whose body started in needsApproval, streamed by execute.
  const live = new Map<string, LiveCall>();
  const render = (outcome: ToolExecutionOutcome): ModelContent =>
    buildModelContent(outcome, { ...options.render, interruptions: 'placeholder' }) ?? { isError: true, blocks: [] };
  const waiting = (interruption: PendingCall['interruption']): ModelContent => ({
    isError: true,
    blocks: [{ type: 'text', text: describeInterruption(interruption) }],
  });

  const toTool = (spec: ToolSpec): AiSdkTool<AiSdkVersion> => {
    const buildRequest = (input: JsonValue, toolCallId: string, turnId: string): ToolRequest => ({
      callId: toolCallId,
      toolName: spec.name,
      input,
      sessionId,
      turnId,
      metadata: {},
    });
    const finish = async (request: ToolRequest, outcome: ToolExecutionOutcome): Promise<ModelContent> => {
      if (outcome.status !== 'interrupted') return render(outcome);
      await pending.set(request.callId, { request, interruption: outcome.interruption });
      return waiting(outcome.interruption);
    };
    return {
      description: spec.description,
      inputSchema: buildStandardJsonSchema(spec.inputSchema),
      needsApproval: async (input: JsonValue, { toolCallId }: { toolCallId: string }): Promise<boolean> => {
        const waitingCall = await pending.get(toolCallId);
        // The SDK asks again when an approval response comes back: the call is still ours to resume.
        if (waitingCall?.interruption.type === 'approval_required') return true;
        const request = buildRequest(input, toolCallId, toolCallId);
        let outcome: ToolExecutionOutcome;
        if (spec.annotations.supportsStreamingHint === true) {
          // A streaming tool's first output means its body runs (nothing waits for approval):
          // execute streams the rest as preliminary results.
          const call = new LiveCall(executor, request, undefined);
          if ((await call.started) === 'streaming') {
            live.set(toolCallId, call);
            return false;
          }
          outcome = await call.outcome;
        } else outcome = await executor.execute(request);
        if (outcome.status === 'interrupted' && outcome.interruption.type === 'approval_required') {
          await pending.set(toolCallId, { request, interruption: outcome.interruption });
          return true;
        }
        settled.set(toolCallId, outcome);
        return false;
      },
      execute: (
        input: JsonValue,
        options: { readonly toolCallId: string; readonly abortSignal?: AbortSignal },
      ): Promise<ModelContent> | AsyncIterable<ModelContent> => {
        const running = live.get(options.toolCallId);
        if (running === undefined) return run(input, options);
        live.delete(options.toolCallId);
        return stream(buildRequest(input, options.toolCallId, options.toolCallId), running);
      },
      toModelOutput: ({ output }: { output: ModelContent }) => toAiSdkModelOutput(output, version),
    };
    /** The output so far as preliminary results, then the final one. */
    async function* stream(request: ToolRequest, call: LiveCall): AsyncGenerator<ModelContent> {
      for await (const text of call.texts()) yield { isError: false, blocks: [{ type: 'text', text }] };
      yield await finish(request, await call.outcome);
    }
    async function run(
      input: JsonValue,
      { toolCallId, abortSignal }: { readonly toolCallId: string; readonly abortSignal?: AbortSignal },
    ): Promise<ModelContent> {
      const signal = abortSignal === undefined ? {} : { signal: abortSignal };
      const ran = settled.get(toolCallId);
      if (ran !== undefined) {
        settled.delete(toolCallId);
        return finish(buildRequest(input, toolCallId, toolCallId), ran);
      }
      const waitingCall = await pending.get(toolCallId);
      if (waitingCall?.interruption.type === 'approval_required') {
        // The input the SDK hands back, checked against the approval's binding by the executor.
        const request = buildRequest(input, toolCallId, waitingCall.request.turnId);
        const outcome = await executor.executeApproved(request, waitingCall.interruption.approval, signal);
        // Another call under the same tool call id (another tool or input) is refused and spends
        // nothing: the real call keeps its pending approval, so an impostor cannot cancel it.
        if (!isImpostor(request, waitingCall.request, outcome)) await pending.delete(toolCallId);
        return finish(request, outcome);
      }
      // The host's own `toolApproval` setting skipped needsApproval: the executor still decides.
      const request = buildRequest(input, toolCallId, toolCallId);
      return finish(request, await executor.execute(request, signal));
    }
  };

  return Object.fromEntries(executor.specs().map((spec) => [toProviderToolName(spec.name), toTool(spec)]));
}
