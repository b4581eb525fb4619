/** A typed key for a host-provided resource. Create one with {@link createResourceKey}. */
export interface ResourceKey<T> {
  /** The key's identity: two keys made from one description are still different. */
  readonly id: symbol;
  /** Phantom field carrying the value type; never set. */
  readonly __type?: T;
}

/**
 * A new typed key for a host-provided resource (`description` names it in debugging output).
 *
 * @example
 * ```ts
 * import { createResourceKey, MapToolResources } from 'agentkit-tools-core';
 *
 * interface Clock {
 *   now(): number;
 * }
 * const CLOCK = createResourceKey<Clock>('clock');
 * // Bind `resources` under TOOL_RESOURCES; a tool body reads `ctx.resources.get(CLOCK)`.
 * const resources = new MapToolResources().set(CLOCK, { now: () => Date.now() });
 * const clock: Clock | undefined = resources.get(CLOCK);
 * ```
 */
export function createResourceKey<T>(description: string): ResourceKey<T> {
  return Object.freeze({ id: Symbol(description) });
}

/**
 * Host-provided shared resources, handed to every call as `ctx.resources` and bound under
 * `TOOL_RESOURCES`. Class tools mostly use constructor injection instead; plain-object tools
 * (MCP proxies) use this.
 */
export interface ToolResources {
  /** The resource bound under `key`, or `undefined` when the host bound none. */
  get<T>(key: ResourceKey<T>): T | undefined;
}
