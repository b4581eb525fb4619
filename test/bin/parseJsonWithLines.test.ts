import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { JsonSyntaxError, parseJsonWithLines } from '../../src/bin/parseJsonWithLines.js';

describe('parseJsonWithLines', () => {
  it('parses what JSON.parse parses, to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parseJsonWithLines(text).value).toStrictEqual(JSON.parse(text));
      }),
    );
  });

  it('gives the line where each value starts, by JSON Pointer', () => {
    const { lines } = parseJsonWithLines(
      '{\n  "rules": [\n    { "kind": "fs.read",\n      "a/b": 1 }\n  ],\n  "fallback": "ask"\n}\n',
    );
    expect(Object.fromEntries(lines)).toStrictEqual({
      '': 1,
      '/rules': 2,
      '/rules/0': 3,
      '/rules/0/kind': 3,
      '/rules/0/a~1b': 4,
      '/fallback': 6,
    });
  });

  it.each([
    ['{\n  "rules": [],\n  "fallback": "ask",\n}', 'line 4, column 1: expected a string in double quotes, found "}"'],
    [
      '{\n  "rules": []\n  "fallback": "ask"\n}',
      'line 3, column 3: expected "," or "}" after a value in an object, found "\\""',
    ],
    ['{ "a": tru }', 'line 1, column 8: expected a value, found "t"'],
    ['[1, 2', 'line 1, column 6: expected "," or "]" after a value in an array, found the end of the text'],
    ['{} {}', 'line 1, column 4: expected the end of the text, found "{"'],
  ])('names the line and column of a syntax error in %j', (text, message) => {
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    expect(() => parseJsonWithLines(text)).toThrow(JsonSyntaxError);
    expect(() => parseJsonWithLines(text)).toThrow(message);
  });

  it('refuses a duplicate key, which JSON.parse would settle silently by keeping the last', () => {
    expect(() => parseJsonWithLines('{ "effect": "deny",\n  "effect": "allow" }')).toThrow(
      'line 2, column 3: the key "effect" appears twice',
    );
  });
});
