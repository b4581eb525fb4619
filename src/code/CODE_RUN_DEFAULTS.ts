/** The defaults of {@link CodeToolOptions}' limits. */
export const CODE_RUN_DEFAULTS = Object.freeze({
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 256 * 1024,
  timeoutMs: 60_000,
  maxToolCalls: 100,
  maxResultChars: 256 * 1024,
  maxConsoleChars: 16 * 1024,
  maxCodeChars: 100_000,
  declarationChars: 12_000,
  resumeTtlMs: 24 * 60 * 60 * 1000,
});

/** The bounds each limit is checked against: `[least, most]`. */
export const CODE_RUN_BOUNDS: Readonly<Record<keyof typeof CODE_RUN_DEFAULTS, readonly [number, number]>> =
  Object.freeze({
    memoryBytes: [24 * 1024 * 1024, 1024 * 1024 * 1024],
    // QuickJS's frames use the host's own stack: past ~384 KiB a deep recursion could exhaust Node's.
    stackBytes: [64 * 1024, 384 * 1024],
    timeoutMs: [1, 600_000],
    maxToolCalls: [1, 10_000],
    maxResultChars: [1, 64 * 1024 * 1024],
    maxConsoleChars: [0, 16 * 1024 * 1024],
    maxCodeChars: [1, 1024 * 1024],
    declarationChars: [200, 1024 * 1024],
    resumeTtlMs: [1000, 30 * 24 * 60 * 60 * 1000],
  });
