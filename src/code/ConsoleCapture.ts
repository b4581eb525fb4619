import type { ToolContext } from '../index.js';

const LEVELS: Readonly<Record<string, 'debug' | 'info' | 'warning' | 'error'>> = {
  log: 'info',
  info: 'info',
  warn: 'warning',
  error: 'error',
  debug: 'debug',
};

/**
 * A script's `console` lines: kept up to a number of characters (then cut, and said to be),
 * and each also sent to the host as a `log` event of the `code_run` call (`console.warn` at
 * `warning`, ...), which costs nothing when nobody listens.
 */
export class ConsoleCapture {
  readonly #lines: string[] = [];
  #chars = 0;
  #cut = 0;

  public constructor(
    private readonly maxChars: number,
    private readonly ctx: Pick<ToolContext, 'log'>,
  ) {}

  /** The lines kept. */
  public get lines(): readonly string[] {
    return this.#lines;
  }

  /** How many lines were cut (past the limit). */
  public get cut(): number {
    return this.#cut;
  }

  /** `count` lines cut before they reached this thread (the script's worker passes no more than the limit). */
  public drop(count: number): void {
    this.#cut += count;
  }

  /** One `console[level](...)` line. */
  public add(level: string, text: string): void {
    const room = this.maxChars - this.#chars;
    if (this.#cut > 0 || room <= 0) {
      this.#cut++;
      return;
    }
    const kept = text.length <= room ? text : `${text.slice(0, room)}… [cut]`;
    this.#lines.push(kept);
    this.#chars += text.length;
    if (text.length > room) this.#cut++;
    this.ctx.log(LEVELS[level] ?? 'info', { console: level, text: kept });
  }
}
