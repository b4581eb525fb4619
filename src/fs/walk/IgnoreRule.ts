import type { IgnoreGlob } from './compileIgnoreGlob.js';

/** One pattern line of a `.gitignore` file. */
export interface IgnoreRule {
  /** `!pattern`: a match re-includes. */
  readonly negated: boolean;
  /** `pattern/`: matches directories only. */
  readonly directoryOnly: boolean;
  /** No slash but a trailing one: matched against the entry's name at any depth; otherwise against its path relative to the file's directory. */
  readonly matchesName: boolean;
  readonly glob: IgnoreGlob;
}
