/** A name TypeScript accepts unquoted as a property key (ASCII, to stay readable and unambiguous). */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u;

/**
 * A property or method key for a TypeScript type literal: the name itself when it is an ASCII
 * identifier, else the name as a JSON string literal (`"fs.read"`, `"a b"`, `"*\/"`), which
 * TypeScript reads back as the same key.
 * @param name - any string, from a schema's `properties` or a tool spec.
 */
export function renderPropertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}
