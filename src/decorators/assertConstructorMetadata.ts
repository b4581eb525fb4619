import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { Constructor } from '../metadata/Constructor.js';

/** Where Inversify 8 keeps a class's `@inject` parameters (read only to say which are missing). */
const INVERSIFY_CLASS_METADATA = '@inversifyjs/core/classMetadataReflectKey';

function injectedCount(target: Constructor): number {
  const metadata: unknown = Reflect.getOwnMetadata(INVERSIFY_CLASS_METADATA, target);
  const args = (metadata as { constructorArguments?: readonly unknown[] } | undefined)?.constructorArguments ?? [];
  return args.slice(0, target.length).filter((argument) => argument !== undefined).length;
}

/**
 * A tool class whose constructor takes parameters needs, for each, either the compiler's
 * `design:paramtypes` metadata or an explicit `@inject(TOKEN)`. esbuild (and so tsx), Bun and
 * swc without `decoratorMetadata` emit no metadata: without this check Inversify would refuse the
 * binding with its raw "missing metadata" message, naming neither the cause nor the fix.
 */
export function assertConstructorMetadata(target: Constructor, subject: string): void {
  if (target.length === 0 || Reflect.getOwnMetadata('design:paramtypes', target) !== undefined) return;
  const injected = injectedCount(target);
  if (injected >= target.length) return;
  throw new ToolDefinitionError(
    subject,
    `its constructor takes ${String(target.length)} parameter(s) and ${String(target.length - injected)} of them carry no type to inject: ` +
      'the code was compiled without decorator metadata (design:paramtypes), which esbuild, tsx and Bun never emit.',
    'Write @inject(TOKEN) on every constructor parameter (for example `constructor(@inject(Clock) private readonly clock: Clock)`), ' +
      'or compile with emitDecoratorMetadata (tsc, ts-node, @swc-node/register): see the README\'s "Set-up in your project".',
  );
}
