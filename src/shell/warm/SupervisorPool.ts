import type { SandboxLayout } from '../sandbox/buildSandboxArgs.js';
import { SandboxSupervisor, SUPERVISOR_TIMING, type SupervisorTiming } from './SandboxSupervisor.js';

/** Supervisors of one layout that died before they ever got ready, in a row, after which the layout runs cold. */
const MAX_START_FAILURES = 3;

/** How long a layout's first call waits for its supervisor to start before it runs cold. */
const FIRST_START_WAIT_MS = 2_000;

interface LayoutSupervisors {
  readonly supervisors: SandboxSupervisor[];
  startFailures: number;
}

/**
 * The warm sandboxes of one `shellTools` module: per layout (roots, view, network; the working
 * directory is per call) supervisors each running one call at a time, at most `max` in all. A call takes
 * an idle one, or one that is cleaning up after its call (a moment); the layout's first call waits
 * for the first supervisor to start; otherwise it runs cold while a new supervisor starts for the
 * calls after it, so a burst never waits for node's start-up.
 * `close()` ends them all and resolves once their processes are gone; afterwards every call runs
 * cold.
 */
export class SupervisorPool {
  readonly #bubblewrap: string;
  readonly #loader: string;
  readonly #max: number;
  readonly #timing: SupervisorTiming;
  readonly #layouts = new Map<string, LayoutSupervisors>();
  #closed = false;
  #warm = 0;
  #cold = 0;

  /** `loader`: node's dynamic loader (`readElfInterpreter(process.execPath)`), see `SandboxSupervisor`. */
  public constructor(options: {
    readonly bubblewrap: string;
    readonly loader: string;
    readonly max: number;
    readonly timing?: SupervisorTiming;
  }) {
    this.#bubblewrap = options.bubblewrap;
    this.#loader = options.loader;
    this.#max = options.max;
    this.#timing = options.timing ?? SUPERVISOR_TIMING;
  }

  /** A supervisor reserved for one call of `layout`, or `undefined`: run this call cold. */
  public async acquire(layout: SandboxLayout): Promise<SandboxSupervisor | undefined> {
    if (this.#closed) return undefined;
    const key = JSON.stringify({ ...layout, cwd: undefined });
    let entry = this.#layouts.get(key);
    if (entry === undefined) {
      entry = { supervisors: [], startFailures: 0 };
      this.#layouts.set(key, entry);
    }
    const supervisor = await this.#take(key, entry, layout);
    if (supervisor === undefined) this.#cold += 1;
    else this.#warm += 1;
    return supervisor;
  }

  /** Counts a call that cannot run warm (it needs descriptors a supervisor cannot be handed) as cold. */
  public skip(): void {
    this.#cold += 1;
  }

  /** How many calls got a supervisor (`warm`) and how many ran cold. */
  public get counts(): { readonly warm: number; readonly cold: number } {
    return { warm: this.#warm, cold: this.#cold };
  }

  async #take(key: string, entry: LayoutSupervisors, layout: SandboxLayout): Promise<SandboxSupervisor | undefined> {
    const idle = entry.supervisors.find((supervisor) => supervisor.reserve());
    if (idle !== undefined) return idle;
    const cleaning = entry.supervisors.find((supervisor) => supervisor.state === 'cleaning');
    if (cleaning !== undefined && (await cleaning.reserveWhenReady())) return cleaning;
    if (this.#closed || entry.startFailures >= MAX_START_FAILURES || !this.#makeRoom(key)) return undefined;
    const first = entry.supervisors.length === 0;
    const started = this.#start(entry, layout);
    // The layout's first call waits for its supervisor (once); later ones run cold while the pool grows.
    if (!first || started === undefined) return undefined;
    if (!(await started.reserveWhenReady(FIRST_START_WAIT_MS))) return undefined;
    if (!this.#isClosed()) return started;
    started.release();
    return undefined;
  }

  /** Settles once every supervisor started so far is ready (or gone): for tests and benchmarks. */
  public async started(): Promise<void> {
    await Promise.all(
      [...this.#layouts.values()].flatMap((entry) => entry.supervisors.map((supervisor) => supervisor.started)),
    );
  }

  /** Read through a call, so a check after an `await` is not narrowed away. */
  #isClosed(): boolean {
    return this.#closed;
  }

  /** Ends every supervisor; resolves once their processes have exited. Later calls run cold. */
  public async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#layouts.values()].flatMap((entry) => entry.supervisors);
    this.#layouts.clear();
    await Promise.all(all.map((supervisor) => supervisor.kill('the shell tools were closed')));
  }

  /**
   * Whether one more supervisor may start: at most `max` run in all (every layout together), so
   * when they are all taken an idle one of another layout is ended for it.
   */
  #makeRoom(key: string): boolean {
    const entries = [...this.#layouts.entries()];
    if (entries.reduce((total, [, entry]) => total + entry.supervisors.length, 0) < this.#max) return true;
    const idle = entries
      .flatMap(([other, entry]) => (other === key ? [] : entry.supervisors))
      .find((supervisor) => supervisor.reserve());
    if (idle === undefined) return false;
    void idle.kill('its place went to another layout'); // it leaves its entry at once
    return true;
  }

  #start(entry: LayoutSupervisors, layout: SandboxLayout): SandboxSupervisor | undefined {
    let supervisor: SandboxSupervisor;
    try {
      supervisor = new SandboxSupervisor(this.#bubblewrap, this.#loader, layout, this.#timing, () => {
        const index = entry.supervisors.indexOf(supervisor);
        if (index >= 0) entry.supervisors.splice(index, 1);
        // A layout that no longer has supervisors is forgotten, unless its starts keep failing.
        for (const [key, value] of this.#layouts)
          if (value === entry && entry.supervisors.length === 0 && entry.startFailures === 0) this.#layouts.delete(key);
      });
    } catch {
      entry.startFailures += 1; // bubblewrap could not be spawned now (no processes left, say)
      return undefined;
    }
    entry.supervisors.push(supervisor);
    void supervisor.ended.then(() => {
      entry.startFailures = supervisor.everReady ? 0 : entry.startFailures + 1;
    });
    return supervisor;
  }
}
