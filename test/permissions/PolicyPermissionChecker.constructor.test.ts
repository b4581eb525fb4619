import { describe, expect, it } from '@jest/globals';
import { ToolConfigurationError } from '../../src/errors/ToolConfigurationError.js';
import { PermissionDecision } from '../../src/permissions/PermissionDecision.js';
import { PolicyPermissionChecker } from '../../src/permissions/PolicyPermissionChecker.js';
import type { PolicyPermissionCheckerOptions } from '../../src/permissions/PolicyPermissionCheckerOptions.js';
import { buildRequest } from './fixtures/TestPermissionRequest.js';

const PREFIX = 'new PolicyPermissionChecker(options): ';

function getConstructionError(options: unknown): unknown {
  try {
    new PolicyPermissionChecker(options as PolicyPermissionCheckerOptions);
  } catch (error: unknown) {
    return error;
  }
  return undefined;
}

function expectConfigurationError(options: unknown, message: string): void {
  const error = getConstructionError(options);

  expect(error).toBeInstanceOf(ToolConfigurationError);
  expect({ name: (error as Error).name, message: (error as Error).message }).toStrictEqual({
    name: 'ToolConfigurationError',
    message: PREFIX + message,
  });
}

function withRule(rule: unknown): unknown {
  return { rules: [{ effect: 'allow', kind: 'fs.read' }, rule], fallback: 'deny' };
}

describe(PolicyPermissionChecker.name, () => {
  describe('constructor', () => {
    it('accepts every documented rule shape', () => {
      const checker = new PolicyPermissionChecker({
        rules: [
          { effect: 'allow', kind: 'fs.*', pattern: '/w/**' },
          { effect: 'deny', kind: '*', pattern: '!/w/**' },
          { effect: 'ask', kind: 'shell.exec', pattern: 'git push' },
          { effect: 'allow', kind: 'mcp.invoke_tool' },
        ],
        fallback: 'ask',
      });

      expect(checker.evaluate(buildRequest('fs.read', '/w/a'))).toStrictEqual(PermissionDecision.allow());
    });

    it('rejects options that are not an object', () => {
      expectConfigurationError(
        null,
        'options is null. Give an object { rules, fallback } with fallback one of "allow", "deny", "ask".',
      );
    });

    it('rejects an unknown option key', () => {
      expectConfigurationError(
        { rules: [], fallback: 'deny', fallBack: 'allow' },
        'options has an unknown key "fallBack". Use only "rules", "fallback" (check the spelling).',
      );
    });

    it('rejects rules that are not an array', () => {
      expectConfigurationError(
        { rules: { effect: 'allow' }, fallback: 'deny' },
        'options.rules is an object. Give an array of rules { effect, kind, pattern? } (it may be empty).',
      );
    });

    it('rejects an unknown fallback', () => {
      expectConfigurationError(
        { rules: [], fallback: 'maybe' },
        'options.fallback is "maybe". Use one of "allow", "deny", "ask": the decision when no rule decides.',
      );
    });

    it('rejects a rule that is not an object', () => {
      expectConfigurationError(
        withRule('allow fs.*'),
        'rules[1] is "allow fs.*". Give an object { effect, kind, pattern? }.',
      );
    });

    it('rejects an unknown effect', () => {
      expectConfigurationError(
        withRule({ effect: 'permit', kind: 'fs.*' }),
        'rules[1].effect is "permit". Use one of "allow", "deny", "ask".',
      );
    });

    it('rejects an unknown rule key, so a misspelled pattern never widens a rule', () => {
      expectConfigurationError(
        withRule({ effect: 'allow', kind: 'shell.exec', patern: 'git status' }),
        'rules[1] has an unknown key "patern". Use only "effect", "kind", "pattern" (check the spelling).',
      );
    });

    it.each(['', 42])('rejects the kind %j', (kind) => {
      expectConfigurationError(
        withRule({ effect: 'deny', kind }),
        `rules[1].kind is ${typeof kind === 'string' ? '""' : 'number 42'}. Give a request kind such as "fs.write", or a prefix ending in "*" such as "fs.*" or "*".`,
      );
    });

    it.each(['fs.*.write', 'fs write', '*fs', 'fs**'])('rejects the malformed kind %j', (kind) => {
      expectConfigurationError(
        withRule({ effect: 'deny', kind }),
        `rules[1].kind ${JSON.stringify(kind)} is not a kind. Write it without spaces, with "*" only as its last character ("fs.*", "*").`,
      );
    });

    const FS_KINDS = '"fs.read", "fs.list", "fs.write", "fs.edit", "fs.delete", "fs.move", "fs.mkdir"';
    const MCP_KINDS = '"mcp.connect", "mcp.invoke_tool", "mcp.read_resource", "mcp.get_prompt"';

    it.each([
      ['fs.reads', 'fs.', FS_KINDS],
      ['fs.Read', 'fs.', FS_KINDS],
      ['fs.', 'fs.', FS_KINDS],
      ['fs.x*', 'fs.', FS_KINDS],
      ['shell.run', 'shell.', '"shell.exec"'],
      ['shell.exec_*', 'shell.', '"shell.exec"'],
      ['mcp.invoke', 'mcp.', MCP_KINDS],
      ['mcp.call_tool', 'mcp.', MCP_KINDS],
      ['tool.call', 'tool.', '"tool.invoke"'],
    ])('rejects %j, a kind its built-in family does not have, naming the known ones', (kind, family, known) => {
      expectConfigurationError(
        withRule({ effect: 'deny', kind }),
        `rules[1].kind ${JSON.stringify(kind)} is not a kind of the built-in family "${family}". ` +
          `Use one of ${known}, or "${family}*" for all of them (kinds of your own need a family of their own, such as "myapp.deploy").`,
      );
    });

    it.each([
      '*',
      'fs.*',
      'fs.read',
      'fs.mkdir',
      'fs.m*',
      'shell.*',
      'shell.exec',
      'mcp.*',
      'mcp.get_prompt',
      'mcp.read*',
      'tool.invoke',
      'tool.*',
      'f*',
      'myapp.deploy',
      'myapp.*',
      'fs',
      'fsx.read',
    ])('accepts the kind %j', (kind) => {
      expect(getConstructionError({ rules: [{ effect: 'deny', kind }], fallback: 'allow' })).toBeUndefined();
    });

    it.each([
      ['an empty string', '', '""'],
      ['only spaces', '   ', '"   "'],
      ['undefined', undefined, 'undefined'],
      ['a number', 7, 'number 7'],
    ])('rejects a pattern that is %s', (_label, pattern, shown) => {
      expectConfigurationError(
        withRule({ effect: 'allow', kind: 'fs.*', pattern }),
        `rules[1].pattern is ${shown}. Give a non-empty glob or command prefix, or leave the key out to match every request of the kind.`,
      );
    });

    it('rejects a pattern with a control character', () => {
      expectConfigurationError(
        withRule({ effect: 'deny', kind: 'fs.*', pattern: '/w/\u0000/**' }),
        'rules[1].pattern contains a control character. Remove it: paths, commands and targets never match one.',
      );
    });

    it('rejects a pattern picomatch cannot compile', () => {
      const pattern = 'a'.repeat(70_000);

      expectConfigurationError(
        withRule({ effect: 'deny', kind: 'fs.*', pattern }),
        `rules[1].pattern "${'a'.repeat(200)}"… [69,800 more characters] is not a valid glob (Input length: 70000, exceeds maximum allowed length: 65536). Fix the glob syntax.`,
      );
    });
  });
});
