import type { PendingCall } from '../../src/index.js';

/** What the host decides for a call waiting for approval; `stop` persists the run and exits. */
export type Decision = 'approve' | 'reject' | 'stop';

export type Decide = (pending: PendingCall) => Promise<Decision>;
