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
