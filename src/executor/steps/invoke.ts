import { CallContext } from '../CallContext.js';
import { cancelledBeforeStart, checksTimedOut } from '../callFailures.js';
import { monotonicNow } from '../monotonicNow.js';
import { settleBody } from '../settleBody.js';
import { defineStep } from './ExecutorStep.js';

/**
 * Starts the body, once every check passed in time and the caller has not cancelled, with a
 * budget of its own (`timeoutMs` from now). A body that answers synchronously goes straight on
 * to `normalize`; a promise is handed to the runner, which awaits it under that budget and the
 * caller's signal (the context is aborted so the tool can stop).
 */
export const invoke = defineStep('invoke', (call) => {
  const now = monotonicNow();
  // The checks may have run synchronously past their deadline, or the caller cancelled meanwhile.
  if (now > call.deadline) return checksTimedOut(call);
  if (call.signal?.aborted === true) return cancelledBeforeStart(call.request.toolName);
  const { request, services } = call;
  const { tool } = call.entry;
  const ctx = new CallContext(request, call.input, services.permissions, services.resources, call.frame, services.scope, call.signal !== undefined);
  // What this call's own preflight planned (see `PlannedRequests`), handed over only here.
  ctx.plan = call.plan;
  call.context = ctx;
  call.deadline = now + call.timeoutMs;
  call.invoked = true;
  let value: unknown;
  let then: unknown;
  try {
    if (tool.invokeOutcome !== undefined) {
      call.returns = 'outcome';
      value = tool.invokeOutcome(request, ctx);
    } else if (tool.invokeValue !== undefined) {
      call.returns = 'value';
      value = tool.invokeValue(request, ctx);
    } else {
      value = tool.invoke(request, ctx);
    }
    // Read once, inside the guard: a returned object's `then` may be a getter that throws.
    then = (value as { then?: unknown } | null | undefined)?.then;
  } catch (thrown) {
    return settleBody(call, 'thrown', thrown);
  }
  if (typeof then !== 'function') return settleBody(call, 'value', value);
  call.running = true;
  if (value instanceof Promise) return value as Promise<unknown>;
  // Any other thenable becomes a promise through the `then` read above, called once (a throw from it rejects).
  const thenable = value;
  return new Promise<unknown>((resolve, reject) => {
    (then as PromiseLike<unknown>['then']).call(thenable, resolve, reject);
  });
});
