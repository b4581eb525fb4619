import type { ToolSpec } from '../../index.js';
import { buildToolDeclaration } from './buildToolDeclaration.js';

/**
 * One tool's full declaration, as `describe('name')` shows it to a script: the `type` aliases its
 * schemas' `$ref`s need (usually none), then its JSDoc and method signature as they appear in the
 * `tools` type of {@link declareTools}.
 * @param spec - the tool's spec.
 * @returns the declaration text, unindented: for a `fs_read` tool taking a required `path`,
 *   `/** Reads a file. *\/` and, on the next line, `fs_read(input: { path: string }): Promise<unknown>;`.
 */
export function declareTool(spec: ToolSpec): string {
  const { member, aliases } = buildToolDeclaration(spec);
  return [...aliases.map((alias) => alias.declaration), member].join('\n');
}
