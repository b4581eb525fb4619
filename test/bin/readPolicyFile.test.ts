import { afterAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readPolicyFile } from '../../src/bin/readPolicyFile.js';
import { ToolConfigurationError } from '../../src/errors/ToolConfigurationError.js';
import { PolicyPermissionChecker } from '../../src/permissions/PolicyPermissionChecker.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'agentkit-policy-'));
const FORMAT =
  'The format: the README\'s "Policy file" section, or the JSON Schema agentkit-tools-core/policy.schema.json.';
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  files: string[];
};
const schemaFile = path.join(ROOT, 'assets/policy.schema.json');
const validate = new Ajv({ strict: true, allErrors: true }).compile(
  JSON.parse(readFileSync(schemaFile, 'utf8')) as object,
);
const readmeExample =
  /### Policy file[\s\S]*?```json\n([\s\S]*?)```/u.exec(readFileSync(path.join(ROOT, 'README.md'), 'utf8'))?.[1] ?? '';

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the --policy file', () => {
  it('publishes its JSON Schema in the package (exports map and files)', () => {
    expect(manifest.exports['./policy.schema.json']).toBe('./assets/policy.schema.json');
    expect(manifest.files).toContain('assets');
  });

  it("reads the README's example, which the schema accepts, into a checker", () => {
    expect(readmeExample).toContain('"fallback": "ask"');
    expect(validate(JSON.parse(readmeExample))).toBe(true);
    expect(readPolicyFile(write('readme.json', readmeExample))).toBeInstanceOf(PolicyPermissionChecker);
  });

  it.each([
    [
      'a misspelled effect',
      '{\n  "rules": [\n    { "effect": "allow", "kind": "fs.read" },\n    { "effect": "alow", "kind": "fs.write" }\n  ],\n  "fallback": "ask"\n}',
      4,
      'rules[1].effect is "alow". Use one of "allow", "deny", "ask".',
    ],
    [
      'a misspelled key',
      '{\n  "rules": [\n    {\n      "effect": "deny",\n      "kind": "fs.*",\n      "patern": "**/.env"\n    }\n  ],\n  "fallback": "ask"\n}',
      6,
      'rules[0] has an unknown key "patern".',
    ],
    [
      'an unknown top-level key',
      '{\n  "rules": [],\n  "fallback": "ask",\n  "fallbak": "deny"\n}',
      4,
      'options has an unknown key "fallbak".',
    ],
    ['a missing fallback', '{\n  "rules": []\n}', 1, 'options.fallback is undefined.'],
  ])('refuses %s, which the schema refuses too, naming the line and the key', (_name, text, line, problem) => {
    expect(validate(JSON.parse(text))).toBe(false);
    const file = write('bad.json', text);
    expect(() => readPolicyFile(file)).toThrow(ToolConfigurationError);
    expect(() => readPolicyFile(file)).toThrow(`--policy ${file}, line ${String(line)}: ${problem}`);
    expect(() => readPolicyFile(file)).toThrow(FORMAT);
  });

  it('refuses a kind the schema allows but no built-in family has (the start-up check goes further)', () => {
    const text = '{\n  "rules": [\n    { "effect": "deny",\n      "kind": "fs.reads" }\n  ],\n  "fallback": "allow"\n}';
    expect(validate(JSON.parse(text))).toBe(true);
    const file = write('kind.json', text);
    expect(() => readPolicyFile(file)).toThrow(
      `--policy ${file}, line 4: rules[0].kind "fs.reads" is not a kind of the built-in family "fs."`,
    );
  });

  it('names the line and column of a JSON syntax error, and a file it cannot read', () => {
    const file = write('syntax.json', '{\n  "rules": [],\n  "fallback": "ask",\n}\n');
    expect(() => readPolicyFile(file)).toThrow(
      `--policy ${file}, line 4, column 1: expected a string in double quotes, found "}": the file is not valid JSON. ${FORMAT}`,
    );
    const missing = path.join(dir, 'missing.json');
    expect(() => readPolicyFile(missing)).toThrow(
      new RegExp(`^--policy ${missing}: cannot read the file \\((Error: )?ENOENT: no such file or directory`, 'u'),
    );
  });
});
