import { ToolConfigurationError, type ToolSpec } from '../../index.js';
import { buildToolDeclaration } from './buildToolDeclaration.js';
import { cleanCommentText } from './renderDocComment.js';

/** The budget of {@link declareTools}. */
export interface DeclareToolsOptions {
  /** The longest text, in UTF-16 code units (`string.length`); the text never exceeds it. */
  readonly maxChars: number;
}

/** What {@link declareTools} gives. */
export interface ToolDeclarations {
  /** The declarations: TypeScript a model reads (and a compiler accepts). */
  readonly text: string;
  /** The tools whose full declaration is not in `text` (summarized in one line, or only counted), in the given order. */
  readonly summarized: readonly string[];
}

const HEADER = [
  '// A tool without an output schema resolves to its text (a string) or its structured value: Promise<unknown>.',
  'declare const tools: {',
];
const FOOTER = '};';
const MORE = "// More tools, callable the same way; describe('name') returns one's full declaration:";
const MAX_SUMMARY = 160;

function omittedLine(count: number): string {
  return `// ...and ${count} more ${count === 1 ? 'tool' : 'tools'}, not listed.`;
}

/** A one-line summary: the name, then the description's first sentence. */
function summaryLine(spec: ToolSpec): string {
  const description = cleanCommentText(spec.description);
  const sentence = /^.*?[.!?](?=\s|$)/u.exec(description)?.[0] ?? description;
  return `// ${cleanCommentText(spec.name)}: ${cleanCommentText(sentence, MAX_SUMMARY)}`;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * How many of `costs`, in order, fit in `budget` while what follows still fits: every later item
 * too, or `fallback(count left)` (the line that stands for them). With `budget` at least the smaller
 * of all items and `fallback(all)`, whatever it returns leaves room for the rest, in full or as the fallback.
 */
function takeWhileFits(budget: number, costs: readonly number[], fallback: (left: number) => number): number {
  // after[i]: the cost of every item after item i.
  const after = costs.map(() => 0);
  for (let index = costs.length - 2; index >= 0; index -= 1)
    after[index] = (after[index + 1] ?? 0) + (costs[index + 1] ?? 0);
  let used = 0;
  for (const [index, cost] of costs.entries()) {
    const left = costs.length - index - 1;
    const reserve = left === 0 ? 0 : Math.min(after[index] ?? 0, fallback(left));
    if (used + cost + reserve > budget) return index;
    used += cost;
  }
  return costs.length;
}

/** Characters `lines` take once joined into the text (each line and its newline). */
function sizeOf(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}

/**
 * The TypeScript declarations of the tools a `code_run` script calls (`await tools.fs_read({ ... })`),
 * within a budget: full declarations in the given order while they fit, then one-line summaries
 * (the name and the first sentence of the description) with a pointer to `describe('name')`, then,
 * when even those do not fit, the count of the tools left out. Tool names that are not identifiers
 * are quoted keys (`"fs.read"(input: ...)`, called as `tools['fs.read'](...)`).
 * @param specs - the callable tools, in the order to declare them.
 * @param options - the budget.
 * @returns the text (never longer than `maxChars`) and the tools not declared in full.
 * @throws ToolConfigurationError when `maxChars` is not an integer or is below the smallest text for these specs
 *   (the shorter of: every tool in full; the frame, the line before the summaries and the count of tools left out).
 */
export function declareTools(specs: readonly ToolSpec[], options: DeclareToolsOptions): ToolDeclarations {
  const { maxChars } = options;
  const frame = sizeOf([...HEADER, FOOTER]) - 1;
  const taken = new Set<string>();
  const declarations = specs.map((spec) => {
    const declaration = buildToolDeclaration(spec, { indent: 1, takenNames: taken });
    for (const alias of declaration.aliases) taken.add(alias.name);
    const lines = [...declaration.aliases.map((alias) => alias.declaration), declaration.member];
    return {
      aliases: declaration.aliases.map((alias) => alias.declaration),
      member: declaration.member,
      cost: sizeOf(lines),
    };
  });
  const fullCosts = declarations.map((declaration) => declaration.cost);
  const smallest = Math.min(
    frame + sum(fullCosts),
    frame + (specs.length === 0 ? 0 : sizeOf([MORE, omittedLine(specs.length)])),
  );
  if (!Number.isSafeInteger(maxChars) || maxChars < smallest)
    throw new ToolConfigurationError(
      `declareTools: maxChars must be an integer of at least ${smallest} for these ${specs.length} tools (every tool in full, or the frame and the count of the tools left out), not ${String(maxChars)}. Raise maxChars.`,
    );
  // In full while the rest can still follow: in full too, or (after the line before them) summarized or counted.
  const declared = takeWhileFits(maxChars - frame, fullCosts, (left) => sizeOf([MORE, omittedLine(left)]));
  const used = frame + sum(fullCosts.slice(0, declared));
  const rest = specs.slice(declared);
  const tail: string[] = [];
  if (rest.length > 0) {
    const summaries = rest.map(summaryLine);
    const listed = takeWhileFits(
      maxChars - used - sizeOf([MORE]),
      summaries.map((line) => sizeOf([line])),
      (left) => sizeOf([omittedLine(left)]),
    );
    tail.push(MORE, ...summaries.slice(0, listed));
    if (listed < rest.length) tail.push(omittedLine(rest.length - listed));
  }
  const included = declarations.slice(0, declared);
  const [comment = '', opening = ''] = HEADER;
  const text = [
    comment,
    ...included.flatMap((declaration) => declaration.aliases),
    opening,
    ...included.map((declaration) => declaration.member),
    FOOTER,
    ...tail,
  ].join('\n');
  return { text, summarized: rest.map((spec) => spec.name) };
}
