import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Container, ContainerModule } from 'inversify';
import { APPROVAL_STORE, PERMISSION_CHECKER, TOOL_EXECUTOR } from '../index.js';
import { locatePackageFile } from '../internal/index.js';

/** A `--module` the bin cannot use: the message names the file and says why (the bin exits 1 with it). */
export class ServeModuleError extends Error {
  public override readonly name = 'ServeModuleError';
}

/** What the bin's own flags configure, so a module must not bind it too. */
export interface ServeModuleFlags {
  readonly policy: boolean;
  readonly approvalStore: boolean;
}

/** A registration function: binds into the bin's container (or answers a ContainerModule to load). */
type RegisterFunction = (container: Container) => unknown;

/**
 * An Inversify `ContainerModule`, recognised by its shape: the user's module was made by the
 * user's copy of Inversify, not the bin's (bundled), so `instanceof` cannot tell. Both copies
 * keep their metadata in `reflect-metadata`'s shared registry, so either loads the other's.
 */
function isContainerModule(value: unknown): value is ContainerModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { load?: unknown }).load === 'function' &&
    typeof (value as { id?: unknown }).id === 'number'
  );
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'function') return `the function ${value.name || '(anonymous)'}`;
  if (typeof value === 'string') return `a string (${JSON.stringify(value.slice(0, 40))})`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return `a ${typeof value} (${value.toString()})`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? `an instance of ${name}` : 'a plain object';
}

const WHAT_TO_EXPORT =
  'Export default an Inversify ContainerModule (`export default new ContainerModule(({ bind }) => { bind(MyTool).toSelf(); })`) ' +
  'or a function that binds into the container it is given (`export default function register(container) { ... }`).';

/** Why importing `file` failed, with what usually fixes it. */
function describeImportFailure(file: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_UNKNOWN_FILE_EXTENSION')
    return `${message}. Give the compiled JavaScript: tsc with experimentalDecorators and emitDecoratorMetadata (esbuild and tsx emit no decorator metadata).`;
  if (code === 'ERR_MODULE_NOT_FOUND')
    return `${message}. What the module imports must be installed in its project (npm install agentkit-tools-core inversify reflect-metadata there).`;
  // A syntax error or a throw at the module's top level: the first line of the stack that is the user's.
  const at = error instanceof Error ? error.stack?.split('\n').find((line) => line.includes('file://')) : undefined;
  if (at !== undefined) return `${message} (${at.trim()})`;
  // Node keeps a syntax error's place out of the stack; its own check prints it.
  return error instanceof SyntaxError ? `${message} (node --check ${file} shows where)` : message;
}

/** The default export of `file`, checked to be something the bin can load. */
async function importServeModule(file: string): Promise<ContainerModule | RegisterFunction> {
  let stats;
  try {
    stats = statSync(file);
  } catch {
    throw new ServeModuleError(`--module ${file}: no such file.`);
  }
  if (!stats.isFile()) throw new ServeModuleError(`--module ${file}: not a file; give the module's JavaScript file.`);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ServeModuleError(`--module ${file}: importing it failed: ${describeImportFailure(file, error)}`, {
      cause: error,
    });
  }
  const exported = namespace['default'];
  if (exported === undefined) {
    const names = Object.keys(namespace);
    throw new ServeModuleError(
      `--module ${file}: it has no default export${names.length === 0 ? '' : ` (it exports ${names.join(', ')})`}. ${WHAT_TO_EXPORT}`,
    );
  }
  if (isContainerModule(exported)) return exported;
  if (typeof exported === 'function') {
    if (Function.prototype.toString.call(exported).startsWith('class'))
      throw new ServeModuleError(
        `--module ${file}: its default export is the class ${exported.name || '(anonymous)'}, which the bin cannot bind by itself. ${WHAT_TO_EXPORT}`,
      );
    return exported as RegisterFunction;
  }
  throw new ServeModuleError(`--module ${file}: its default export is ${describeValue(exported)}. ${WHAT_TO_EXPORT}`);
}

/**
 * Warns when `file`'s project has another version of agentkit-tools-core installed than this
 * bin's: its decorators then write metadata this bin may read differently. The same version
 * in another install (a global bin, a local project) shares everything by design.
 */
function warnOnOtherVersion(file: string, warn: (line: string) => void): void {
  const own = locatePackageFile('package.json', import.meta.url);
  const ownVersion = (JSON.parse(readFileSync(own, 'utf8')) as { version: string }).version;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules/agentkit-tools-core/package.json');
    try {
      if (realpathSync(manifest) === realpathSync(own)) return;
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
      if (version !== ownVersion)
        warn(
          `warning: --module ${file} finds agentkit-tools-core ${String(version)} in ${path.dirname(manifest)}, ` +
            `and this bin is ${ownVersion}: their metadata may not agree. Run that project's bin (npx agentkit-tools there).`,
        );
      return;
    } catch {
      // No package here (or an unreadable one): look further up, as Node's resolution does.
    }
    if (path.dirname(dir) === dir) return;
  }
}

/** Throws when the module just loaded bound a token the bin sets itself (two bindings: ambiguous). */
function assertNoClash(container: Container, file: string, flags: ServeModuleFlags, before: ReadonlySet<symbol>): void {
  const bound = (token: symbol): boolean => !before.has(token) && container.isBound(token);
  if (bound(TOOL_EXECUTOR as symbol))
    throw new ServeModuleError(
      `--module ${file}: it binds TOOL_EXECUTOR (it loads agentkitModule?). The bin loads agentkitModule itself, with --root: bind only your own classes and services.`,
    );
  if (flags.policy && bound(PERMISSION_CHECKER as symbol))
    throw new ServeModuleError(
      `--module ${file}: it binds PERMISSION_CHECKER, and --policy sets the checker too. Give one of them.`,
    );
  if (flags.approvalStore && bound(APPROVAL_STORE as symbol))
    throw new ServeModuleError(
      `--module ${file}: it binds APPROVAL_STORE, and --approval-store or --max-approvals sets the store too. Give one of them.`,
    );
}

/**
 * Imports every `--module` file in order and loads it into `container`: a `ContainerModule` is
 * loaded (`loadAsync`), a function is called with the container (and awaited; a ContainerModule
 * it answers is loaded). Runs before the bin's own bindings, so a token a module binds (an
 * observer, handlers, a checker) keeps the module's binding, as with `agentkitModule`.
 * @throws ServeModuleError naming the file: missing, failing to import, a default export the bin
 * cannot load, a registration that throws, a token the bin's flags set bound again.
 */
export async function loadServeModules(
  container: Container,
  files: readonly string[],
  flags: ServeModuleFlags,
  warn: (line: string) => void,
): Promise<void> {
  for (const file of files) {
    const registration = await importServeModule(file);
    warnOnOtherVersion(file, warn);
    const before = new Set(
      [TOOL_EXECUTOR, PERMISSION_CHECKER, APPROVAL_STORE].filter((token) => container.isBound(token)) as symbol[],
    );
    try {
      const answered = isContainerModule(registration) ? registration : await registration(container);
      if (isContainerModule(answered)) await container.loadAsync(answered);
      else if (answered !== undefined)
        throw new ServeModuleError(
          `its registration function answered ${describeValue(answered)}: bind into the container it is given and answer nothing, or answer a ContainerModule.`,
        );
    } catch (error) {
      if (error instanceof ServeModuleError) throw new ServeModuleError(`--module ${file}: ${error.message}`);
      throw new ServeModuleError(
        `--module ${file}: loading it failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    assertNoClash(container, file, flags, before);
  }
}
