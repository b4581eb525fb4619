import type { ExecuteOptions } from './ExecuteOptions.js';

/** The options of a call made without any: nothing to check. */
export const NO_OPTIONS: ExecuteOptions = Object.freeze({});
