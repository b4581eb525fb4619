import type { ApprovalRequest } from './ApprovalRequest.js';
import type { AuthRequest } from './AuthRequest.js';
import type { InputRequest } from './InputRequest.js';

/**
 * Why a call stopped without failing: the host must act, then resume the same call.
 * `approval_required` (a person approves, `executeApproved`), `auth_required` (a credential,
 * then the same request again), `input_required` (a person answers the tool's question,
 * `executeWithInput`) and `capability_required` (the tool needs something this host does not
 * offer, such as sampling: bind a handler and call again).
 */
export type ToolInterruption =
  | { readonly type: 'approval_required'; readonly approval: ApprovalRequest }
  | { readonly type: 'auth_required'; readonly auth: AuthRequest }
  | { readonly type: 'input_required'; readonly input: InputRequest }
  | {
      readonly type: 'capability_required';
      /** What the host lacks: `sampling` (no `SAMPLING_HANDLER`, and no MCP client that samples). */
      readonly capability: 'sampling';
      readonly callId: string;
      readonly toolName: string;
      /** What the tool needed and how the host can offer it. */
      readonly message: string;
    };
