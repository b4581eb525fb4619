import type { CODE_RUN_DEFAULTS } from './CODE_RUN_DEFAULTS.js';

/** The limits one `code_run` call runs under: the options with their defaults. */
export type CodeRunLimits = { readonly [K in keyof typeof CODE_RUN_DEFAULTS]: number };
