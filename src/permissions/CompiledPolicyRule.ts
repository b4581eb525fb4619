import picomatch from 'picomatch';
import { quoteForReason } from './describePermissionRequest.js';
import { matchesCommandPrefix } from './matchesCommandPrefix.js';
import { matchesKind } from './matchesKind.js';
import type { PolicyRule } from './PolicyRule.js';
import type { PolicySubject } from './PolicySubject.js';
import { splitCommandWords } from './splitCommandWords.js';

/** The picomatch options of every policy glob: dotfiles are ordinary files to policy. */
export const POLICY_GLOB_OPTIONS: picomatch.PicomatchOptions = Object.freeze({ dot: true });

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

  public constructor(public readonly rule: PolicyRule) {
    const { effect, kind, pattern } = rule;
    this.description =
      pattern === undefined
        ? `${effect} ${kind} (any target)`
        : `${effect} ${kind} ${quoteForReason(pattern)}`;
    this.#glob = pattern === undefined ? undefined : picomatch(pattern, POLICY_GLOB_OPTIONS);
    this.#prefixWords = pattern === undefined ? [] : splitCommandWords(pattern);
    const scan = pattern === undefined ? undefined : picomatch.scan(pattern);
    this.#literal = scan !== undefined && !scan.isGlob && !scan.negated;
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
  public matches(subject: PolicySubject): boolean {
    if (this.#glob === undefined) {
      return true;
    }
    return subject.type === 'command'
      ? matchesCommandPrefix(this.#prefixWords, subject.words)
      : this.#glob(subject.text);
  }

  /**
   * Whether the rule names the subject explicitly: its pattern is that exact path or target
   * (no glob characters), or those exact command words (not merely a prefix).
   */
  public names(subject: PolicySubject): boolean {
    const { pattern } = this.rule;
    if (pattern === undefined) {
      return false;
    }
    if (subject.type === 'command') {
      return (
        subject.words.length === this.#prefixWords.length &&
        matchesCommandPrefix(this.#prefixWords, subject.words)
      );
    }
    return this.#literal && pattern === subject.text && this.matches(subject);
  }
}
