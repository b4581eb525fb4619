import { Tool, type JsonObject } from '../../src/index.js';

/** The parking tool's name: `await tools.park({})` holds a script until the bench lets it go. */
export const PARK_TOOL = 'park';

const INPUT: JsonObject = { type: 'object', properties: {}, additionalProperties: false };

/**
 * A slow tool call under the bench's control: every call waits until {@link release}, so N
 * scripts can be held running (each isolate alive, parked on its call) while memory is read.
 * Bound as a constant (`toConstantValue(new ParkTool())`), so the bench keeps its handle.
 */
@Tool({ name: PARK_TOOL, description: 'Waits until the bench releases it.', input: INPUT })
export class ParkTool {
  #waiting: (() => void)[] = [];
  #onPark: (() => void) | undefined;

  /** How many calls are waiting now. */
  public get parked(): number {
    return this.#waiting.length;
  }

  /** Resolves once `count` calls are waiting. */
  public async untilParked(count: number): Promise<void> {
    while (this.#waiting.length < count) {
      await new Promise<void>((resolve) => (this.#onPark = resolve));
    }
  }

  /** Lets every waiting call finish. */
  public release(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** Waits for {@link release}, then answers `null`. */
  public async invoke(): Promise<null> {
    await new Promise<void>((resolve) => {
      this.#waiting.push(resolve);
      this.#onPark?.();
    });
    return null;
  }
}
