import { rejectApproval } from '../ApprovalGate.js';
import { failure } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/**
 * For `executeApproved`: the stored approval behind the one presented (never the presented
 * copy). The call carries it down to the call it names, which consumes it in `decide`.
 */
export const loadApproval = defineStep('loadApproval', (call) => {
  const { request, presented } = call;
  return call.services.gate.load(presented, request).then((loaded) => {
    if (typeof loaded === 'string') {
      return failure(rejectApproval(loaded, (presented as { id?: unknown } | null)?.id, request.toolName), false);
    }
    if (loaded.callId === request.callId && loaded.toolName !== request.toolName) {
      return failure(rejectApproval('binding_mismatch', loaded.id, request.toolName), false);
    }
    call.run = { approval: loaded, consumed: false };
    call.frame = { ...call.frame, run: call.run };
    return CONTINUE;
  });
});
