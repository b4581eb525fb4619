import type { Constructor } from './Constructor.js';

const classes = new Set<Constructor>();

/**
 * Every class `@Tool` has decorated in this process. Discovery resolves only those that are
 * bound in the container at hand.
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
