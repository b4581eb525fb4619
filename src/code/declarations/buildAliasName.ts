/** Global type names an alias must not shadow (the declarations use `Promise`; a model may use the others). */
const GLOBAL_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Array',
  'BigInt',
  'Boolean',
  'Date',
  'Error',
  'Function',
  'Map',
  'Number',
  'Object',
  'Omit',
  'Partial',
  'Pick',
  'Promise',
  'ReadonlyArray',
  'Record',
  'RegExp',
  'Required',
  'Set',
  'String',
  'Symbol',
  'describe',
  'tools',
]);

/**
 * The ASCII letters and digits of `text` as PascalCase words: `tree-node` gives `TreeNode`,
 * `fs.read_file` gives `FsReadFile`; everything else is dropped.
 */
export function toPascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/u)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/**
 * A fresh identifier for the alias of a `$ref` target: `prefix` and the pointer's last segment in
 * PascalCase (`Root` for `#`), `Def` in front when that is empty or starts with a digit, and a
 * number after when the name is taken or a global type's (`Promise2`, `Node3`).
 * @param prefix - the tool's prefix (`FsRead_`), or `''`; ASCII letters, digits and `_` only.
 * @param segment - the decoded last segment of the pointer.
 * @param taken - the names declared already.
 */
export function buildAliasName(prefix: string, segment: string, taken: ReadonlySet<string>): string {
  let base = `${prefix}${toPascalCase(segment === '' ? 'root' : segment)}`;
  if (base === '' || /^[0-9]/u.test(base)) base = `Def${base}`;
  let name = base;
  for (let n = 2; taken.has(name) || GLOBAL_TYPE_NAMES.has(name); n += 1) name = `${base}${n}`;
  return name;
}
