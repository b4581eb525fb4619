import type { PathContainment } from './PathContainment.js';

/**
 * Several sets of roots as one: a path is inside when any part contains it. The default
 * `PATH_CONTAINMENT` is the union of the container's `WORKSPACE` and the workspace every
 * built-in module acts in, so the checkers and the tools share one notion of "inside".
 */
export class UnionPathContainment implements PathContainment {
  readonly #parts: readonly PathContainment[];

  public constructor(parts: readonly PathContainment[]) {
    this.#parts = [...new Set(parts)];
  }

  public isInsideRoots(canonicalPath: string): boolean {
    return this.#parts.some((part) => part.isInsideRoots(canonicalPath));
  }
}
