import type { Constructor } from './Constructor.js';
import { TOOL_CLASS_REGISTRY } from './TOOL_CLASS_REGISTRY.js';

interface RegistryHolder {
  [TOOL_CLASS_REGISTRY]?: Set<Constructor>;
}

const holder = globalThis as RegistryHolder;
// The first copy of the package to load creates the set; every later copy shares it.
const existing: Set<Constructor> | undefined = holder[TOOL_CLASS_REGISTRY];
const classes = existing ?? new Set<Constructor>();
holder[TOOL_CLASS_REGISTRY] = classes;

/**
 * Every class `@Tool` has decorated in this process, by any copy of this package. Discovery
 * resolves only those that are bound in the container at hand.
 */
export const toolClassRegistry = {
  add(target: Constructor): void {
    classes.add(target);
  },
  values(): IterableIterator<Constructor> {
    return classes.values();
  },
  get size(): number {
    return classes.size;
  },
} as const;
