import type { PermissionRequest } from './PermissionRequest.js';
import type { ApprovalHints, CommandSubject, McpSubject, PathSubject, PolicySubjects } from './PolicySubjects.js';

/** The subjects of a request, checked and copied, or why they cannot be read. */
export type PolicySubjectsReadResult =
  { readonly ok: true; readonly subjects: PolicySubjects } | { readonly ok: false; readonly problem: string };

const NONE: PolicySubjectsReadResult = Object.freeze({ ok: true, subjects: Object.freeze({}) });

/** A problem found while copying; turned into the read result's `problem`. */
class SubjectsProblem extends Error {}

function fail(problem: string): never {
  throw new SubjectsProblem(problem);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRecord(value: unknown, where: string): Readonly<Record<string, unknown>> {
  return isRecord(value) ? value : fail(`${where} must be an object`);
}

function readFlag(value: unknown, where: string): boolean | undefined {
  return value === undefined || typeof value === 'boolean' ? value : fail(`${where} must be a boolean`);
}

function readString(value: unknown, where: string): string {
  return typeof value === 'string' ? value : fail(`${where} must be a string`);
}

function readStrings(value: unknown, where: string): readonly string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    return fail(`${where} must be an array of strings`);
  }
  return Object.freeze([...(value as readonly string[])]);
}

function readPath(value: unknown, where: string): PathSubject {
  const entry = readRecord(value, where);
  const access = entry['access'];
  if (access !== 'read' && access !== 'write') {
    return fail(`${where}.access must be "read" or "write"`);
  }
  const isProtected = readFlag(entry['protected'], `${where}.protected`);
  const hardLinked = readFlag(entry['hardLinked'], `${where}.hardLinked`);
  // Only the documented fields are copied: nothing else a request says about a path counts.
  return Object.freeze({
    path: readString(entry['path'], `${where}.path`),
    access,
    ...(isProtected === true ? { protected: true } : {}),
    ...(hardLinked === true ? { hardLinked: true } : {}),
  });
}

function readPaths(value: unknown, where: string): readonly PathSubject[] {
  if (!Array.isArray(value)) {
    return fail(`${where} must be an array`);
  }
  return Object.freeze(
    (value as readonly unknown[]).map((entry, index) => readPath(entry, `${where}[${String(index)}]`)),
  );
}

function readCommand(value: unknown, where: string): CommandSubject {
  const command = readRecord(value, where);
  const subcommands = command['subcommands'];
  if (!Array.isArray(subcommands)) {
    return fail(`${where}.subcommands must be an array`);
  }
  const sandboxed = readFlag(command['sandboxed'], `${where}.sandboxed`);
  return Object.freeze({
    subcommands: Object.freeze(
      (subcommands as readonly unknown[]).map((words, index) =>
        readStrings(words, `${where}.subcommands[${String(index)}]`),
      ),
    ),
    ...(sandboxed === undefined ? {} : { sandboxed }),
  });
}

function readMcp(value: unknown, where: string): McpSubject {
  const mcp = readRecord(value, where);
  const name = mcp['name'];
  return Object.freeze({
    server: readString(mcp['server'], `${where}.server`),
    ...(name === undefined ? {} : { name: readString(name, `${where}.name`) }),
  });
}

function readHints(value: unknown, where: string): ApprovalHints {
  const hints = readRecord(value, where);
  const destructive = readFlag(hints['destructive'], `${where}.destructive`);
  const needsApproval = readFlag(hints['needsApproval'], `${where}.needsApproval`);
  return Object.freeze({
    ...(destructive === undefined ? {} : { destructive }),
    ...(needsApproval === undefined ? {} : { needsApproval }),
  });
}

function copySubjects(value: unknown): PolicySubjects {
  const where = 'policySubjects()';
  if (!isRecord(value)) {
    return fail(`${where} must return an object`);
  }
  const { paths, command, mcp, tool, risks, hints } = value;
  return Object.freeze({
    ...(paths === undefined ? {} : { paths: readPaths(paths, `${where}.paths`) }),
    ...(command === undefined ? {} : { command: readCommand(command, `${where}.command`) }),
    ...(mcp === undefined ? {} : { mcp: readMcp(mcp, `${where}.mcp`) }),
    ...(tool === undefined
      ? {}
      : { tool: Object.freeze({ name: readString(readRecord(tool, `${where}.tool`)['name'], `${where}.tool.name`) }) }),
    ...(risks === undefined ? {} : { risks: readStrings(risks, `${where}.risks`) }),
    ...(hints === undefined ? {} : { hints: readHints(hints, `${where}.hints`) }),
  });
}

/**
 * The subjects a request of a built-in family must give, so that one describing itself the old
 * way (kind and metadata only) is refused rather than judged by its target alone: a filesystem
 * kind must list its paths, `shell.exec` its command. Kinds only ever make a request stricter.
 */
function getMissingSubjectsProblem(kind: string, subjects: PolicySubjects): string | undefined {
  if (kind.startsWith('fs.') && subjects.paths === undefined) {
    return `its kind ${kind} is a filesystem kind, but its policySubjects() list no paths`;
  }
  if (kind === 'shell.exec' && subjects.command === undefined) {
    return 'its kind shell.exec runs a command, but its policySubjects() give no command';
  }
  return undefined;
}

/**
 * Calls the request's `policySubjects()` once and returns a checked, frozen copy holding only
 * the documented fields, so a request cannot change its answer between the checks that read it.
 * A request without the method has no subjects. A method that throws, or returns anything of
 * another shape, makes the request unreadable (the checker then denies it, failing closed), as
 * does a request of a built-in family without the subjects of its family.
 */
export function readPolicySubjects(request: PermissionRequest, kind: string): PolicySubjectsReadResult {
  const read = callPolicySubjects(request);
  const missing = read.ok ? getMissingSubjectsProblem(kind, read.subjects) : undefined;
  return missing === undefined ? read : { ok: false, problem: missing };
}

function callPolicySubjects(request: PermissionRequest): PolicySubjectsReadResult {
  const method: unknown = (request as { policySubjects?: unknown }).policySubjects;
  if (method === undefined) {
    return NONE;
  }
  if (typeof method !== 'function') {
    return { ok: false, problem: 'its policySubjects is not a method' };
  }
  try {
    return { ok: true, subjects: copySubjects((method as () => unknown).call(request)) };
  } catch (error) {
    const problem = error instanceof Error ? error.message : 'policySubjects() threw a value that is not an Error';
    return { ok: false, problem };
  }
}
