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
    this.#seen += 1;
    if (this.#seen % WALK_PROGRESS_EVERY !== 0) return;
    this.ctx.progress({ progress: this.#seen, message: `${this.verb} ${String(this.#seen)} entries` });
  }
}
