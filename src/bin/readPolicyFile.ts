import { readFileSync } from 'node:fs';
import { PolicyPermissionChecker, ToolConfigurationError, type PolicyPermissionCheckerOptions } from '../index.js';
import { JsonSyntaxError, parseJsonWithLines } from './parseJsonWithLines.js';

const FORMAT =
  'The format: the README\'s "Policy file" section, or the JSON Schema agentkit-tools-core/policy.schema.json.';
const CHECKER_PREFIX = 'new PolicyPermissionChecker(options): ';

/**
 * The JSON Pointers, most specific first, of the value a checker message is about:
 * `rules[1].effect is ...` -> `/rules/1/effect`, `rules[0] has an unknown key "patern"` -> `/rules/0/patern`.
 */
function pointersOf(message: string): string[] {
  const found = /^(options|rules\[(\d+)\])(?:\.(\w+))?(?: has an unknown key ("(?:[^"\\]|\\.)*"))?/u.exec(message);
  if (found === null) return [''];
  const parent = found[2] === undefined ? '' : `/rules/${found[2]}`;
  const key = found[3] ?? (found[4] === undefined ? undefined : (JSON.parse(found[4]) as string));
  return key === undefined ? [parent, ''] : [`${parent}/${key}`, parent, ''];
}

/** An object without its `$schema` key (editors read it; the checker does not know it). */
function withoutSchemaKey(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$schema'));
}

/**
 * Reads the `--policy` file (the JSON of `PolicyPermissionCheckerOptions`, plus an optional
 * `$schema` for editors) into a checker, at start-up. A file that is not JSON, or whose rules the
 * checker refuses, throws `ToolConfigurationError` naming the file, the line and the key.
 */
export function readPolicyFile(file: string): PolicyPermissionChecker {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ToolConfigurationError(
      `--policy ${file}: cannot read the file (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  let parsed;
  try {
    parsed = parseJsonWithLines(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new ToolConfigurationError(`--policy ${file}, ${error.message}: the file is not valid JSON. ${FORMAT}`);
  }
  const { value, lines } = parsed;
  try {
    // The checker validates what it is given (and names what is wrong): the cast is what it checks.
    return new PolicyPermissionChecker(withoutSchemaKey(value) as PolicyPermissionCheckerOptions);
  } catch (error) {
    if (!(error instanceof ToolConfigurationError) || !error.message.startsWith(CHECKER_PREFIX)) throw error;
    const problem = error.message.slice(CHECKER_PREFIX.length);
    const line = pointersOf(problem)
      .map((pointer) => lines.get(pointer))
      .find((found) => found !== undefined);
    throw new ToolConfigurationError(`--policy ${file}, line ${String(line ?? 1)}: ${problem} ${FORMAT}`);
  }
}
