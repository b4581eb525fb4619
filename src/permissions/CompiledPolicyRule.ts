import picomatch from 'picomatch';
import { quoteForReason } from './describePermissionRequest.js';
import { matchesKind } from './matchesKind.js';
import type { PolicyRule } from './PolicyRule.js';
import type { RuleSubject } from './RuleSubject.js';
import { splitCommandWords } from './splitCommandWords.js';

/**
 * Whether a command (as words) starts with a prefix (as words), on word boundaries:
 * `git status` matches `git status` and `git status -s`, never `git statusx`.
 * An empty prefix matches nothing.
 */
export function matchesCommandPrefix(prefixWords: readonly string[], commandWords: readonly string[]): boolean {
  if (prefixWords.length === 0 || prefixWords.length > commandWords.length) {
    return false;
  }
  return prefixWords.every((word, index) => commandWords[index] === word);
}

/** The picomatch options of every policy glob: dotfiles are ordinary files to policy. */
export const POLICY_GLOB_OPTIONS: picomatch.PicomatchOptions = Object.freeze({ dot: true });

/** One path segment picomatch matches only literally (no glob, brace, extglob or escape syntax). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.:@+,=~-]+$/;

/**
 * Whether picomatch (with {@link POLICY_GLOB_OPTIONS}) matches `pattern` against exactly the
 * one text `pattern` itself, so string equality can stand in for the glob: plain segments,
 * none empty, `.` or `..`, optionally absolute. Checked against picomatch by a property test.
 */
export function isPlainPattern(pattern: string): boolean {
  const segments = pattern.split('/');
  if (segments[0] === '' && segments.length > 1) segments.shift();
  return segments.every((segment) => segment !== '.' && segment !== '..' && PLAIN_SEGMENT.test(segment));
}

/**
 * A validated `PolicyRule`, ready to match: its glob compiled once, its command prefix split
 * into words once.
 */
export class CompiledPolicyRule {
  /** The rule as reasons show it: `deny fs.* "/etc/**"`, `allow shell.exec (any target)`. */
  public readonly description: string;
  readonly #glob: ((text: string) => boolean) | undefined;
  readonly #prefixWords: readonly string[];
  readonly #literal: boolean;
  /** The pattern, when it can only match itself (compared as a string, without the glob). */
  readonly #exact: string | undefined;

  public constructor(public readonly rule: PolicyRule) {
    const { effect, kind, pattern } = rule;
    this.description =
      pattern === undefined ? `${effect} ${kind} (any target)` : `${effect} ${kind} ${quoteForReason(pattern)}`;
    this.#glob = pattern === undefined ? undefined : picomatch(pattern, POLICY_GLOB_OPTIONS);
    this.#prefixWords = pattern === undefined ? [] : splitCommandWords(pattern);
    const scan = pattern === undefined ? undefined : picomatch.scan(pattern);
    this.#literal = scan !== undefined && !scan.isGlob && !scan.negated;
    this.#exact = pattern !== undefined && isPlainPattern(pattern) ? pattern : undefined;
  }

  public get effect(): PolicyRule['effect'] {
    return this.rule.effect;
  }

  public get hasPattern(): boolean {
    return this.rule.pattern !== undefined;
  }

  public appliesTo(kind: string): boolean {
    return matchesKind(this.rule.kind, kind);
  }

  /** Whether the pattern matches the subject; a rule without pattern matches everything. */
  public matches(subject: RuleSubject): boolean {
    if (this.#glob === undefined) {
      return true;
    }
    if (subject.type === 'command') {
      return matchesCommandPrefix(this.#prefixWords, subject.words);
    }
    return this.#exact === undefined ? this.#glob(subject.text) : subject.text === this.#exact;
  }

  /**
   * Whether the rule names the subject explicitly: its pattern is that exact path or target
   * (no glob characters), or those exact command words (not merely a prefix).
   */
  public names(subject: RuleSubject): boolean {
    const { pattern } = this.rule;
    if (pattern === undefined) {
      return false;
    }
    if (subject.type === 'command') {
      return (
        subject.words.length === this.#prefixWords.length && matchesCommandPrefix(this.#prefixWords, subject.words)
      );
    }
    return this.#literal && pattern === subject.text && this.matches(subject);
  }
}
