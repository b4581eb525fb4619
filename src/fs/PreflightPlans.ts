import { ToolError } from '../index.js';

/**
 * What a tool's preflight decided, handed to its body: keyed by the call's parsed input (the
 * same object reaches `@Preflight()` and `invoke`), so the body acts on exactly the canonical
 * paths the permission requests named and never resolves the raw input again.
 */
export class PreflightPlans<T> {
  readonly #plans = new WeakMap<object, T>();

  public constructor(private readonly toolName: string) {}

  public set(input: object, plan: T): T {
    this.#plans.set(input, plan);
    return plan;
  }

  public take(input: object): T {
    const plan = this.#plans.get(input);
    if (plan === undefined) {
      throw new ToolError('internal', `Tool \`${this.toolName}\` was invoked without its preflight; run it through the executor.`, { reason: 'missing_preflight' });
    }
    this.#plans.delete(input);
    return plan;
  }
}
