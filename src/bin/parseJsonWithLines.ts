/** A JSON text that does not parse: `line` and `column` (both from 1) say where, the message what. */
export class JsonSyntaxError extends Error {
  public override readonly name = 'JsonSyntaxError';

  public constructor(
    message: string,
    public readonly line: number,
    public readonly column: number,
  ) {
    super(`line ${String(line)}, column ${String(column)}: ${message}`);
  }
}

/** A parsed JSON text, with the line (from 1) where each value starts, by JSON Pointer (`/rules/0/kind`; `''` for the whole). */
export interface JsonWithLines {
  readonly value: unknown;
  readonly lines: ReadonlyMap<string, number>;
}

const WHITESPACE = /[ \t\n\r]*/y;
// eslint-disable-next-line no-control-regex -- a JSON string holds no raw control character
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/uy;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: readonly (readonly [string, unknown])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

/**
 * `JSON.parse` that also says where: each value's line, and a syntax error's line and column
 * (Node's own messages give at most an offset). Strict RFC 8259 JSON; a duplicate key is an error,
 * since only one of the two would count.
 */
export function parseJsonWithLines(text: string): JsonWithLines {
  const lines = new Map<string, number>();
  let at = 0;
  const where = (offset: number): { line: number; column: number } => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
  };
  const fail = (message: string, offset = at): never => {
    const { line, column } = where(offset);
    throw new JsonSyntaxError(message, line, column);
  };
  const skip = (): void => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const found = pattern.exec(text)?.[0];
    if (found !== undefined) at += found.length;
    return found;
  };
  const expect = (char: string, what: string): void => {
    skip();
    if (text[at] !== char) fail(`expected ${what}, found ${describe(text[at])}`);
    at += 1;
  };
  const string = (): string => {
    const found = match(STRING);
    return found === undefined
      ? fail(`expected a string in double quotes, found ${describe(text[at])}`)
      : (JSON.parse(found) as string);
  };
  const value = (pointer: string): unknown => {
    skip();
    lines.set(pointer, where(at).line);
    const char = text[at];
    if (char === '{') return object(pointer);
    if (char === '[') return array(pointer);
    if (char === '"') return string();
    const number = match(NUMBER);
    if (number !== undefined) return Number(number);
    const literal = LITERALS.find(([word]) => text.startsWith(word, at));
    if (literal !== undefined) {
      at += literal[0].length;
      return literal[1];
    }
    return fail(`expected a value, found ${describe(char)}`);
  };
  const closes = (char: string): boolean => {
    skip();
    if (text[at] !== char) return false;
    at += 1;
    return true;
  };
  const object = (pointer: string): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    at += 1;
    if (closes('}')) return result;
    for (;;) {
      skip();
      const keyAt = at;
      const key = string();
      if (Object.hasOwn(result, key)) fail(`the key ${JSON.stringify(key)} appears twice`, keyAt);
      expect(':', '":" after a key');
      const child = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      Object.defineProperty(result, key, { value: value(child), enumerable: true, writable: true, configurable: true });
      if (closes('}')) return result;
      expect(',', '"," or "}" after a value in an object');
    }
  };
  const array = (pointer: string): unknown[] => {
    const result: unknown[] = [];
    at += 1;
    if (closes(']')) return result;
    for (;;) {
      result.push(value(`${pointer}/${String(result.length)}`));
      if (closes(']')) return result;
      expect(',', '"," or "]" after a value in an array');
    }
  };
  const parsed = value('');
  skip();
  if (at < text.length) fail(`expected the end of the text, found ${describe(text[at])}`);
  return { value: parsed, lines };
}

function describe(char: string | undefined): string {
  return char === undefined ? 'the end of the text' : JSON.stringify(char);
}
