import type { IgnoreRule } from './IgnoreRule.js';

/** The rules of one `.gitignore` file and the canonical directory it sits in. */
interface IgnoreLevel {
  readonly directory: string;
  readonly rules: readonly IgnoreRule[];
}

/**
 * The `.gitignore` rules in force in one directory: those of its own `.gitignore` and of each
 * directory above it up to the top of its repository (a directory holding `.git`) or the root
 * the walk started in. git's precedence: a deeper file wins over a shallower one, and within a
 * file the last matching line wins; a negated match re-includes. Immutable: a walk builds one
 * per directory it enters.
 */
export class IgnoreScope {
  public static readonly EMPTY = new IgnoreScope([]);

  private constructor(private readonly levels: readonly IgnoreLevel[]) {}

  /** The scope of the canonical `directory` below this one: `rules` added, or only `rules` when `directory` is the top of a repository of its own. */
  public enter(directory: string, rules: readonly IgnoreRule[], repositoryTop: boolean): IgnoreScope {
    const kept = repositoryTop ? [] : this.levels;
    return rules.length === 0
      ? repositoryTop
        ? new IgnoreScope([])
        : this
      : new IgnoreScope([...kept, { directory, rules }]);
  }

  /** Whether the entry at canonical `entryPath` is ignored (only its own name and path are looked at: its directories were walked into, so they were not). */
  public ignores(entryPath: string, isDirectory: boolean): boolean {
    const name = entryPath.slice(entryPath.lastIndexOf('/') + 1);
    for (let level = this.levels.length - 1; level >= 0; level--) {
      const { directory, rules } = this.levels[level] as IgnoreLevel;
      const relative = entryPath.slice(directory === '/' ? 1 : directory.length + 1);
      for (let index = rules.length - 1; index >= 0; index--) {
        const rule = rules[index] as IgnoreRule;
        if (rule.directoryOnly && !isDirectory) continue;
        if (rule.glob(rule.matchesName ? name : relative)) return !rule.negated;
      }
    }
    return false;
  }
}
