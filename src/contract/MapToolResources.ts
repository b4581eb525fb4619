import type { ResourceKey, ToolResources } from './ToolResources.js';

/** The default {@link ToolResources}: a map the host fills before calls run. */
export class MapToolResources implements ToolResources {
  readonly #values = new Map<symbol, unknown>();

  /** {@inheritDoc ToolResources.get} */
  public get<T>(key: ResourceKey<T>): T | undefined {
    return this.#values.get(key.id) as T | undefined;
  }

  /** Binds `value` under `key` (replacing what was there); returns the map, for chaining. */
  public set<T>(key: ResourceKey<T>, value: T): this {
    this.#values.set(key.id, value);
    return this;
  }
}
