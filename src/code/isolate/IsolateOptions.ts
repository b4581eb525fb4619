/** What one isolate is given: its limits, the run's constants, and the host's side of the bridge. */
export interface IsolateOptions {
  /** The session the script runs for: only its own later scripts may reuse its instance. */
  readonly session: string;
  /** The most memory the isolate's WebAssembly memory may grow to, in bytes. */
  readonly memoryBytes: number;
  /** QuickJS's stack limit, in bytes (deep recursion throws a catchable `InternalError`). */
  readonly stackBytes: number;
  /** Stops the script once `performance.now()` passes it (an endless loop is interrupted). */
  readonly deadline: number;
  /** The names scripts call as `tools.<name>`. */
  readonly toolNames: readonly string[];
  /** Seeds `Math.random`. */
  readonly seed: number;
  /** What `Date.now()` answers (and `new Date()` shows), in ms since the epoch. */
  readonly now: number;
  /** A script called `tools[name](input)`: `index` counts the run's calls from 0. */
  onCall(index: number, name: string, inputJson: string): void;
  /** A script wrote a line with `console[level]`. */
  onConsole(level: string, text: string): void;
  /** `describe(name)` in the script: one tool's declaration. */
  describe(name: string): string;
}
