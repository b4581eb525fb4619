import type { ExecutorObserver } from '../executor/ExecutorObserver.js';

/** The default observer: sees nothing. Rebind `EXECUTOR_OBSERVER` to log or trace. */
export class NoopExecutorObserver implements ExecutorObserver {}
