/** Milliseconds on the monotonic clock (`performance.now()`), bound once: cheaper per call. */
export const monotonicNow: () => number = performance.now.bind(performance);
