/** Bounds every tool input is held to before schema validation. */
export interface InputLimits {
  /** Characters of JSON text. Default 1 MiB. */
  readonly maxBytes: number;
  /** Nesting of arrays and objects. Default 64. */
  readonly maxDepth: number;
}

export const DEFAULT_INPUT_LIMITS: InputLimits = Object.freeze({
  maxBytes: 1024 * 1024,
  maxDepth: 64,
});

/** Keys that could reach an object's prototype if the input were ever merged somewhere. */
export const FORBIDDEN_INPUT_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
