import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ApprovalRejection } from '../../src/executor/ApprovalGate.js';
import { FILE_SYSTEM_ERROR_REASONS } from '../../src/fs/index.js';
import { PermissionDecision } from '../../src/index.js';
import {
  EXECUTOR_ERROR_REASONS,
  type ExecutorErrorReason,
  PERMISSION_DENY_CODES,
  WORKSPACE_PATH_REFUSAL_REASONS,
} from '../../src/internal/index.js';
import { CODE_ERROR_REASONS } from '../../src/code/index.js';
import { MCP_ERROR_REASONS } from '../../src/mcp/index.js';
import { SHELL_ERROR_REASONS } from '../../src/shell/index.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** The exported union each folder's `details.reason` literals must belong to (path refusals keep the workspace's reasons everywhere). */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  fs: [...FILE_SYSTEM_ERROR_REASONS, ...WORKSPACE_PATH_REFUSAL_REASONS],
  shell: [...SHELL_ERROR_REASONS, ...WORKSPACE_PATH_REFUSAL_REASONS],
  mcp: [...MCP_ERROR_REASONS, ...WORKSPACE_PATH_REFUSAL_REASONS],
  code: [...CODE_ERROR_REASONS],
};
const CORE_REASONS: readonly string[] = [...EXECUTOR_ERROR_REASONS, ...WORKSPACE_PATH_REFUSAL_REASONS];
const DENY_CODES: readonly string[] = Object.values(PERMISSION_DENY_CODES);

interface FoundLiteral {
  readonly kind: 'reason' | 'deny code';
  readonly value: string;
  readonly where: string;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function getPropertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** `{ type: 'deny' | 'require_approval' | 'allow', ... }`: a permission decision, whose `reason` is prose for a person, not a code. */
function isDecision(object: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(object) &&
    object.properties.some(
      (property) =>
        ts.isPropertyAssignment(property) &&
        getPropertyName(property.name) === 'type' &&
        ts.isStringLiteralLike(property.initializer) &&
        ['allow', 'deny', 'require_approval'].includes(property.initializer.text),
    )
  );
}

/**
 * Every string literal the source gives as a `reason` (a property in an object literal, or a
 * literal property type) and every literal `code` of a deny decision. Literals handed to typed
 * helpers (`buildFsError`, `buildPathError`, `rejectApproval`, ...) are checked by the compiler.
 */
function findReasonLiterals(fileName: string, text: string): FoundLiteral[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: FoundLiteral[] = [];
  const where = (node: ts.Node): string =>
    `${fileName}:${String(source.getLineAndCharacterOfPosition(node.getStart()).line + 1)}`;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isStringLiteralLike(node.initializer)) {
      const name = getPropertyName(node.name);
      if (name === 'reason' && !isDecision(node.parent))
        found.push({ kind: 'reason', value: node.initializer.text, where: where(node) });
      if (name === 'code' && isDecision(node.parent))
        found.push({ kind: 'deny code', value: node.initializer.text, where: where(node) });
    }
    if (
      ts.isPropertySignature(node) &&
      getPropertyName(node.name) === 'reason' &&
      node.type !== undefined &&
      ts.isLiteralTypeNode(node.type) &&
      ts.isStringLiteral(node.type.literal)
    ) {
      found.push({ kind: 'reason', value: node.type.literal.text, where: where(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The literals that the exported unions of their folder (`fs/...`, `shell/...`, `mcp/...`, else the core) do not name. */
function findUnlisted(literals: readonly FoundLiteral[]): FoundLiteral[] {
  return literals.filter((literal) => {
    const allowedReasons = FAMILIES[literal.where.split(/[\\/]/)[0] ?? ''] ?? CORE_REASONS;
    return !(literal.kind === 'reason' ? allowedReasons : DENY_CODES).includes(literal.value);
  });
}

const literals = listFiles(SRC).flatMap((file) => findReasonLiterals(relative(SRC, file), readFileSync(file, 'utf8')));

describe('error reasons', () => {
  it('reads the reasons the source produces', () => {
    const values = new Set(literals.map((literal) => literal.value));
    expect(
      ['max_nesting_depth', 'too_deep', 'spawn_failed', 'missing_preflight', 'transport_error', 'checker_error'].filter(
        (value) => !values.has(value),
      ),
    ).toStrictEqual([]);
  });

  it('finds every details.reason and deny code in the exported unions of its entry point', () => {
    expect(findUnlisted(literals)).toStrictEqual([]);
  });

  it('reports a reason or a deny code that no union names', () => {
    const text = [
      "const error = new ToolError('internal', 'x', { reason: 'brand_new' });",
      "const fine = { reason: 'max_nesting_depth' };",
      "const decision = { type: 'deny', code: 'made_up', reason: 'prose for a person' };",
      "type Problem = { readonly reason: 'another_new' };",
    ].join('\n');
    expect(findUnlisted(findReasonLiterals('executor/example.ts', text))).toStrictEqual([
      { kind: 'reason', value: 'brand_new', where: 'executor/example.ts:1' },
      { kind: 'deny code', value: 'made_up', where: 'executor/example.ts:3' },
      { kind: 'reason', value: 'another_new', where: 'executor/example.ts:4' },
    ]);
    expect(
      findUnlisted(
        findReasonLiterals('fs/example.ts', "throw new ToolError('internal', 'x', { reason: 'max_nesting_depth' });"),
      ),
    ).toStrictEqual([{ kind: 'reason', value: 'max_nesting_depth', where: 'fs/example.ts:1' }]);
  });

  it('names the approval rejections among the executor reasons (checked by the compiler)', () => {
    const asExecutorReason = (reason: ApprovalRejection): ExecutorErrorReason => reason;
    expect(asExecutorReason('approval_not_consumed')).toBe('approval_not_consumed');
  });

  it("names PermissionDecision.deny's default code", () => {
    expect(PermissionDecision.deny('because')).toStrictEqual({
      type: 'deny',
      code: PERMISSION_DENY_CODES.denied,
      reason: 'because',
    });
  });

  it('lists each union without duplicates', () => {
    for (const list of [
      EXECUTOR_ERROR_REASONS,
      FILE_SYSTEM_ERROR_REASONS,
      SHELL_ERROR_REASONS,
      MCP_ERROR_REASONS,
      CODE_ERROR_REASONS,
      WORKSPACE_PATH_REFUSAL_REASONS,
      DENY_CODES,
    ]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });
});
