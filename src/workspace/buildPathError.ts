import { ToolError } from '../errors/ToolError.js';
import type { ToolErrorCode } from '../errors/ToolErrorCode.js';
import type { JsonObject } from '../values/JsonValue.js';
import type { WorkspacePathRefusalReason } from './WorkspacePathRefusalReason.js';
import type { WorkspaceRoot } from './WorkspaceRoot.js';

/** What a refusal message is about. */
export interface PathErrorFacts {
  /** The caller's input, when it is a string (it becomes `details.path`). */
  readonly path?: string;
  readonly roots: readonly WorkspaceRoot[];
  /** The thing the message names: a component, a root, a file kind, a size, an errno. */
  readonly subject?: string;
  /** Extra machine-readable details, merged after `path` and `reason`. */
  readonly details?: JsonObject;
}

interface RefusalTemplate {
  readonly code: ToolErrorCode;
  readonly message: (quoted: string, facts: PathErrorFacts) => string;
}

const quote = (value: string): string => JSON.stringify(value);

function describeRoots(roots: readonly WorkspaceRoot[]): string {
  const [first] = roots;
  if (first === undefined) {
    return 'No workspace roots are configured.';
  }
  const list = roots.map((root) => quote(root.path)).join(', ');
  return `Use a path inside the workspace roots (${list}); relative paths resolve against ${quote(first.path)}.`;
}

function describeWritableRoots(roots: readonly WorkspaceRoot[]): string {
  const writable = roots.filter((root) => root.mode === 'read_write').map((root) => quote(root.path));
  return writable.length === 0
    ? 'No root is writable.'
    : `Write inside a read-write root instead: ${writable.join(', ')}.`;
}

/** Every reason the workspace refuses with itself; `hard_link` is the kernel's one `getHardLinkRefusal`. */
const TEMPLATES: { readonly [R in Exclude<WorkspacePathRefusalReason, 'hard_link'>]: RefusalTemplate } = {
  not_a_string: {
    code: 'invalid_input',
    message: (_q, f) =>
      `Expected the path to be a string but got ${f.subject ?? 'another type'}. Pass the path as a string, for example "src/index.ts".`,
  },
  empty: {
    code: 'invalid_input',
    message: () =>
      'The path is empty. Pass a file or directory path, for example "src/index.ts", or "." for the workspace root.',
  },
  control_character: {
    code: 'invalid_input',
    message: (q, f) =>
      `The path ${q} contains the control character ${f.subject ?? ''}. Remove control characters (NUL, newline, tab, escape, ...) from the path.`,
  },
  invalid_unicode: {
    code: 'invalid_input',
    message: (q) =>
      `The path ${q} contains a lone UTF-16 surrogate, which is not valid Unicode. Pass the path as well-formed text.`,
  },
  too_long: {
    code: 'invalid_input',
    message: (q) =>
      `The path ${q} is too long for the file system (a name or the whole path exceeds the limit). Use a shorter path.`,
  },
  not_a_directory: {
    code: 'invalid_input',
    message: (q, f) =>
      `The path ${q} continues below ${quote(f.subject ?? '')}, which is a file, not a directory. A file cannot contain other entries; check the path.`,
  },
  no_roots: {
    code: 'permission_denied',
    message: (q) =>
      `No workspace roots are configured, so the path ${q} cannot be used. Ask the host to configure a workspace root.`,
  },
  outside_roots: {
    code: 'permission_denied',
    message: (q, f) => `The path ${q} is outside the workspace roots. ${describeRoots(f.roots)}`,
  },
  symlink_escape: {
    code: 'permission_denied',
    message: (q, f) =>
      `The path ${q} goes through a symbolic link that leads outside the workspace roots; only files whose real location is inside a root can be used. ${describeRoots(f.roots)}`,
  },
  dangling_symlink: {
    code: 'permission_denied',
    message: (q) =>
      `The path ${q} goes through a symbolic link whose target does not exist or loops. Using paths through such a link is not allowed; fix or remove the link, or use another path.`,
  },
  read_only_root: {
    code: 'permission_denied',
    message: (q, f) =>
      `The path ${q} is in the read-only workspace root ${quote(f.subject ?? '')} and cannot be written. ${describeWritableRoots(f.roots)}`,
  },
  not_absolute: {
    code: 'invalid_input',
    message: (q) =>
      `Expected a canonical absolute path but got ${q}. Resolve the path with Workspace.resolve first and open its result.`,
  },
  final_symlink: {
    code: 'permission_denied',
    message: (q) =>
      `The path ${q} is a symbolic link at open time; links are never followed when opening. Resolve the path again and open the canonical result.`,
  },
  changed_during_open: {
    code: 'permission_denied',
    message: (q, f) =>
      `The file at ${q} could not be confirmed to be inside the workspace roots once opened (it was moved, deleted or reached through a link). ${describeRoots(f.roots)}`,
  },
  is_a_directory: {
    code: 'invalid_input',
    message: (q) =>
      `The path ${q} is a directory, not a file. List it with a directory tool, or pass the path of a file inside it.`,
  },
  not_a_regular_file: {
    code: 'invalid_input',
    message: (q, f) =>
      `The path ${q} is a ${f.subject ?? 'special file'}, not a regular file. Only regular files can be opened; pass the path of a regular file.`,
  },
  too_large: {
    code: 'invalid_input',
    message: (q, f) =>
      `The file ${q} is too large (${f.subject ?? ''}). Read it in parts (offset/limit) or choose a smaller file.`,
  },
  not_found: {
    code: 'execution_failed',
    message: (q) =>
      `The path ${q} does not exist. Check the spelling, or list the parent directory to see what is there.`,
  },
  io_error: {
    code: 'execution_failed',
    message: (q, f) =>
      `The path ${q} could not be accessed (${f.subject ?? 'I/O error'}). Check that it exists and is readable.`,
  },
};

/** The one place workspace refusals are built: the code, a message that says how to fix it, details. */
export function buildPathError(
  reason: Exclude<WorkspacePathRefusalReason, 'hard_link'>,
  facts: PathErrorFacts,
  cause?: unknown,
): ToolError {
  const template = TEMPLATES[reason];
  const details: JsonObject = {
    ...(facts.path === undefined ? {} : { path: facts.path }),
    reason,
    ...facts.details,
  };
  const message = template.message(quote(facts.path ?? ''), facts);
  return new ToolError(template.code, message, details, cause === undefined ? undefined : { cause });
}
