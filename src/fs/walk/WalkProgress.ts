import type { ToolContext } from '../../index.js';

/** How many entries a walk visits between two progress events. */
export const WALK_PROGRESS_EVERY = 1_000;

/**
 * A walk's progress on a big tree: a `progress` event every {@link WALK_PROGRESS_EVERY} entries
 * visited (`progress` = entries so far; no `total`, the tree's size is not known up front).
 * A tree smaller than that reports nothing.
 */
export class WalkProgress {
  #seen = 0;

  public constructor(
    private readonly ctx: ToolContext,
    private readonly verb: string,
  ) {}

  /** One more entry visited. */
  public tick(): void {
    this.reach(this.#seen + 1);
  }

  /** Entries up to the `count`th are done (a count below the last one changes nothing). */
  public reach(count: number): void {
    for (let next = this.#seen - (this.#seen % WALK_PROGRESS_EVERY) + WALK_PROGRESS_EVERY; next <= count;) {
      this.ctx.progress({ progress: next, message: `${this.verb} ${String(next)} entries` });
      next += WALK_PROGRESS_EVERY;
    }
    if (count > this.#seen) this.#seen = count;
  }
}
