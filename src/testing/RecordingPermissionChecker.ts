import {
  PermissionDecision,
  type PermissionChecker,
  type PermissionContext,
  type PermissionRequest,
  type PermissionRequestJson,
} from '../index.js';

/** One evaluation a {@link RecordingPermissionChecker} saw. */
export interface RecordedEvaluation {
  /** The request, serialized. */
  readonly request: PermissionRequestJson;
  /** The call it came from. */
  readonly context: PermissionContext;
  /** What the checker answered. */
  readonly decision: PermissionDecision;
}

/**
 * A checker for tests: decides with `decide` (or delegates to another checker; allows
 * everything by default) and records every request it was asked about, in order.
 */
export class RecordingPermissionChecker implements PermissionChecker {
  readonly #records: RecordedEvaluation[] = [];
  readonly #decide: PermissionChecker['evaluate'];

  public constructor(decide: PermissionChecker['evaluate'] | PermissionChecker = () => PermissionDecision.allow()) {
    this.#decide = typeof decide === 'function' ? decide : (request, ctx) => decide.evaluate(request, ctx);
  }

  /** Decides with the given decision (or checker) and records the request, its context and the decision. */
  public async evaluate(request: PermissionRequest, ctx: PermissionContext): Promise<PermissionDecision> {
    const decision = await this.#decide(request, ctx);
    this.#records.push({ request: request.toJSON(), context: { ...ctx }, decision });
    return decision;
  }

  /** Every evaluation so far. */
  public get records(): readonly RecordedEvaluation[] {
    return this.#records;
  }

  /** The kinds asked about, in order. */
  public kinds(): string[] {
    return this.#records.map((record) => record.request.kind);
  }

  /** Forgets the evaluations recorded so far. */
  public clear(): void {
    this.#records.length = 0;
  }
}
