import picomatch from 'picomatch';
import { assertKnownKeys } from '../errors/assertKnownKeys.js';
import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import { POLICY_GLOB_OPTIONS } from './CompiledPolicyRule.js';
import { quoteForReason } from './describePermissionRequest.js';
import { matchesKind } from './matchesKind.js';
import type { PolicyPermissionCheckerOptions } from './PolicyPermissionCheckerOptions.js';
import { POLICY_EFFECTS } from './PolicyRule.js';

/**
 * The request kinds of the built-in families, by family prefix. A policy rule whose kind is in
 * one of these families must name one of its kinds (or a prefix of one, such as `fs.*`), so a
 * typo such as `fs.reads` fails at construction instead of never matching. Kinds of other
 * families (`myapp.deploy`) are free. Kept in the core, which never imports a built-in.
 */
export const BUILT_IN_PERMISSION_KINDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'fs.': Object.freeze(['fs.read', 'fs.list', 'fs.write', 'fs.edit', 'fs.delete', 'fs.move', 'fs.mkdir']),
  'shell.': Object.freeze(['shell.exec']),
  'mcp.': Object.freeze(['mcp.connect', 'mcp.invoke_tool', 'mcp.read_resource', 'mcp.get_prompt']),
  'tool.': Object.freeze(['tool.invoke']),
});

const SUBJECT = 'new PolicyPermissionChecker(options)';
const EFFECTS = POLICY_EFFECTS.map((effect) => `"${effect}"`).join(', ');
const OPTION_KEYS: readonly string[] = ['rules', 'fallback'];
const RULE_KEYS: readonly string[] = ['effect', 'kind', 'pattern'];
// eslint-disable-next-line no-control-regex -- control characters are exactly what it rejects
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/u;
// eslint-disable-next-line no-control-regex -- a kind holds no whitespace or control character
const KIND = /^(?:[^\s*\u0000-\u001f\u007f]+\*?|\*)$/u;

function fail(problem: string, fix: string): never {
  throw new ToolConfigurationError(`${SUBJECT}: ${problem}. ${fix}`);
}

function show(value: unknown): string {
  if (typeof value === 'string') {
    return quoteForReason(value);
  }
  if (value === null || value === undefined) {
    return String(value);
  }
  if (typeof value === 'object') {
    return Array.isArray(value) ? 'an array' : 'an object';
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `${typeof value} ${String(value)}`;
  }
  return `a ${typeof value}`;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assertPattern(pattern: unknown, where: string): void {
  if (typeof pattern !== 'string' || pattern.trim() === '') {
    fail(
      `${where}.pattern is ${show(pattern)}`,
      'Give a non-empty glob or command prefix, ' + 'or leave the key out to match every request of the kind.',
    );
  }
  if (CONTROL_CHARACTERS.test(pattern)) {
    fail(`${where}.pattern contains a control character`, 'Remove it: paths, commands and targets never match one.');
  }
  try {
    picomatch(pattern, POLICY_GLOB_OPTIONS);
  } catch (error: unknown) {
    const detail = error instanceof Error ? error.message : String(error);
    fail(`${where}.pattern ${quoteForReason(pattern)} is not a valid glob (${detail})`, 'Fix the glob syntax.');
  }
}

/**
 * A kind in a built-in family (`fs.`, `shell.`, `mcp.`, `tool.`) must be one of its kinds, or a
 * prefix matching at least one of them (`fs.*`, `mcp.get*`): such a rule would otherwise never
 * match, and a misspelled deny is no deny at all.
 */
function assertBuiltInKind(kind: string, where: string): void {
  const family = Object.keys(BUILT_IN_PERMISSION_KINDS).find((prefix) => kind.startsWith(prefix));
  if (family === undefined) {
    return;
  }
  const kinds = BUILT_IN_PERMISSION_KINDS[family] ?? [];
  if (kinds.some((known) => matchesKind(kind, known))) {
    return;
  }
  fail(
    `${where}.kind ${quoteForReason(kind)} is not a kind of the built-in family "${family}"`,
    `Use one of ${kinds.map((known) => `"${known}"`).join(', ')}, or "${family}*" for all of them ` +
      '(kinds of your own need a family of their own, such as "myapp.deploy").',
  );
}

function assertRule(rule: unknown, where: string): void {
  if (!isRecord(rule)) {
    fail(`${where} is ${show(rule)}`, 'Give an object { effect, kind, pattern? }.');
  }
  assertKnownKeys(rule, RULE_KEYS, `${SUBJECT}: ${where}`);
  if (!(POLICY_EFFECTS as readonly unknown[]).includes(rule['effect'])) {
    fail(`${where}.effect is ${show(rule['effect'])}`, `Use one of ${EFFECTS}.`);
  }
  const kind = rule['kind'];
  if (typeof kind !== 'string' || kind === '') {
    fail(
      `${where}.kind is ${show(kind)}`,
      'Give a request kind such as "fs.write", or a prefix ending in "*" such as "fs.*" or "*".',
    );
  }
  if (!KIND.test(kind)) {
    fail(
      `${where}.kind ${quoteForReason(kind)} is not a kind`,
      'Write it without spaces, with "*" only as its last character ("fs.*", "*").',
    );
  }
  assertBuiltInKind(kind, where);
  if ('pattern' in rule) {
    assertPattern(rule['pattern'], where);
  }
}

/**
 * Checks the options of a `PolicyPermissionChecker` at construction, so that a typo never
 * becomes a wider rule at call time. Throws `ToolConfigurationError` saying what to fix.
 */
export function assertPolicyPermissionCheckerOptions(
  options: unknown,
): asserts options is PolicyPermissionCheckerOptions {
  if (!isRecord(options)) {
    fail(`options is ${show(options)}`, `Give an object { rules, fallback } with fallback one of ${EFFECTS}.`);
  }
  assertKnownKeys(options, OPTION_KEYS, `${SUBJECT}: options`);
  const { rules, fallback } = options;
  if (!Array.isArray(rules)) {
    fail(`options.rules is ${show(rules)}`, 'Give an array of rules { effect, kind, pattern? } (it may be empty).');
  }
  if (!(POLICY_EFFECTS as readonly unknown[]).includes(fallback)) {
    fail(`options.fallback is ${show(fallback)}`, `Use one of ${EFFECTS}: the decision when no rule decides.`);
  }
  (rules as readonly unknown[]).forEach((rule, index) => {
    assertRule(rule, `rules[${index}]`);
  });
}
