/** A typed key for a host-provided resource. Create one with {@link createResourceKey}. */
export interface ResourceKey<T> {
  readonly id: symbol;
  /** Phantom field carrying the value type; never set. */
  readonly __type?: T;
}

export function createResourceKey<T>(description: string): ResourceKey<T> {
  return Object.freeze({ id: Symbol(description) });
}

/**
 * Host-provided shared resources, handed to every call as `ctx.resources` and bound under
 * `TOOL_RESOURCES`. Class tools mostly use constructor injection instead; plain-object tools
 * (MCP proxies) use this.
 */
export interface ToolResources {
  get<T>(key: ResourceKey<T>): T | undefined;
}
