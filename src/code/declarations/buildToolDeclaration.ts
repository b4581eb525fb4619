import type { ToolSpec } from '../../index.js';
import { toPascalCase } from './buildAliasName.js';
import { renderDocComment } from './renderDocComment.js';
import { renderPropertyKey } from './renderPropertyKey.js';
import { schemaToTypeScript, type TypeAlias } from './schemaToTypeScript.js';

/** One tool's declaration in parts: the aliases go at the top level, the member inside the `tools` type. */
export interface ToolDeclaration {
  /** The tool's JSDoc line and method signature, each line indented to `indent`. */
  readonly member: string;
  /** The aliases its input and output types refer to (`$ref` targets), declared before the `tools` type. */
  readonly aliases: readonly TypeAlias[];
}

/** Where {@link buildToolDeclaration} places the member and which alias names it must avoid. */
export interface BuildToolDeclarationOptions {
  /** The indentation level (two spaces each) of the member. Default 0. */
  readonly indent?: number;
  /** Alias names already declared beside this one (other tools'). */
  readonly takenNames?: ReadonlySet<string>;
}

/** The longest tool description kept in its JSDoc, `…` included. */
const MAX_TOOL_DESCRIPTION = 2000;

/**
 * One tool as a method of the `tools` object: its description as a one-line JSDoc comment, its
 * input type, and `Promise<Output>` from its output schema (`Promise<unknown>` without one).
 * The parts {@link declareTool} and {@link declareTools} print.
 * @param spec - the tool's spec.
 * @param options - indentation and the alias names already taken.
 */
export function buildToolDeclaration(spec: ToolSpec, options: BuildToolDeclarationOptions = {}): ToolDeclaration {
  const indent = options.indent ?? 0;
  // The underscore keeps the tool's aliases apart from every global type of the standard library (none has one).
  const aliasPrefix = `${toPascalCase(spec.name)}_`;
  const taken = options.takenNames ?? new Set<string>();
  const input = schemaToTypeScript(spec.inputSchema, { indent, aliasPrefix, takenNames: taken });
  const takenNames = new Set([...taken, ...input.aliases.map((alias) => alias.name)]);
  const output =
    spec.outputSchema === undefined
      ? { type: 'unknown', aliases: [] }
      : schemaToTypeScript(spec.outputSchema, { indent, aliasPrefix, takenNames });
  const pad = '  '.repeat(indent);
  const doc = renderDocComment([spec.description], MAX_TOOL_DESCRIPTION);
  const signature = `${renderPropertyKey(spec.name)}(input: ${input.type}): Promise<${output.type}>;`;
  return {
    member: `${doc === '' ? '' : `${pad}${doc}\n`}${pad}${signature}`,
    aliases: [...input.aliases, ...output.aliases],
  };
}
