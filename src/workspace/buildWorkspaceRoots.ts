import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { assertKnownKeys } from '../errors/assertKnownKeys.js';
import { ToolConfigurationError } from '../errors/ToolConfigurationError.js';
import type { WorkspaceRoot } from './WorkspaceRoot.js';
import type { WorkspaceRootConfig } from './WorkspaceRootConfig.js';
import type { WorkspaceRootMode } from './WorkspaceRootMode.js';

/** Configured roots after start-up checks. */
export interface WorkspaceRootSet {
  /** Realpath'ed, de-duplicated, in configuration order. */
  readonly roots: readonly WorkspaceRoot[];
  /**
   * Every spelling an input may use for a root in the lexical check: each realpath and each
   * configured spelling (e.g. `/tmp/x` when `/tmp` links to `/private/tmp`). Containment of
   * the realpath'ed target is always decided against `roots` alone.
   */
  readonly spellings: readonly (readonly [spelling: string, root: WorkspaceRoot])[];
}

const MODES: readonly WorkspaceRootMode[] = ['read_write', 'read_only'];
const ROOT_KEYS: Readonly<Record<keyof WorkspaceRootConfig, true>> = { path: true, mode: true };

function fail(config: unknown, problem: string, fix: string, cause?: unknown): never {
  const name =
    typeof config === 'object' && config !== null
      ? JSON.stringify((config as { path?: unknown }).path)
      : String(config);
  throw new ToolConfigurationError(
    `Workspace root ${name} ${problem}. ${fix}`,
    cause === undefined ? undefined : { cause },
  );
}

function checkRoot(config: WorkspaceRootConfig): {
  readonly real: string;
  readonly spelling: string;
  readonly mode: WorkspaceRootMode;
} {
  if (typeof config !== 'object' || (config as unknown) === null) {
    fail(
      config,
      'is not a root configuration',
      'Pass `{ path: "/absolute/dir", mode?: "read_write" | "read_only" }` for each root.',
    );
  }
  // A misspelled `mode` (say `readOnly: true`) would silently leave the root writable.
  assertKnownKeys(config, Object.keys(ROOT_KEYS), `Workspace root ${JSON.stringify(config.path)}`);
  const configured: unknown = config.path;
  const mode: unknown = config.mode ?? 'read_write';
  if (typeof configured !== 'string' || configured.length === 0 || configured.includes('\0')) {
    fail(config, 'is not a usable path', 'Pass `{ path: "/absolute/dir" }` for each root.');
  }
  if (!path.isAbsolute(configured)) {
    fail(
      config,
      'is relative',
      'Roots must be absolute paths (resolve them yourself, e.g. with path.resolve) so they never depend on the process cwd.',
    );
  }
  if (!MODES.includes(mode as WorkspaceRootMode)) {
    fail(config, `has mode ${JSON.stringify(mode)}`, 'Use mode "read_write" or "read_only".');
  }
  let real: string;
  try {
    real = realpathSync(configured);
  } catch (error) {
    fail(
      config,
      'does not exist or cannot be resolved',
      'Create the directory first or fix the path in the roots configuration.',
      error,
    );
  }
  if (!statSync(real).isDirectory()) {
    fail(config, `resolves to ${JSON.stringify(real)}, which is not a directory`, 'A root must be a directory.');
  }
  return { real, spelling: path.resolve(configured), mode: mode as WorkspaceRootMode };
}

/**
 * Realpaths every configured root (it must exist, be absolute and be a directory) and
 * de-duplicates roots with the same realpath; if any duplicate is `read_only`, the root is.
 */
export function buildWorkspaceRoots(configs: readonly WorkspaceRootConfig[]): WorkspaceRootSet {
  if (!Array.isArray(configs)) {
    throw new ToolConfigurationError('Workspace roots must be an array of `{ path, mode? }` objects.');
  }
  const checked = configs.map(checkRoot);
  const modes = new Map<string, WorkspaceRootMode>();
  for (const { real, mode } of checked) {
    modes.set(real, modes.get(real) === 'read_only' ? 'read_only' : mode);
  }
  const roots = [...modes].map(([real, mode]): WorkspaceRoot => Object.freeze({ path: real, mode }));
  const byPath = new Map(roots.map((root) => [root.path, root] as const));
  const spellings = new Map<string, WorkspaceRoot>();
  for (const { real, spelling } of checked) {
    const root = byPath.get(real);
    if (root !== undefined) {
      spellings.set(real, root);
      spellings.set(spelling, root);
    }
  }
  return { roots: Object.freeze(roots), spellings: [...spellings] };
}
