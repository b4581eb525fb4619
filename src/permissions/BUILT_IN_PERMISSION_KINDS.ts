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
