import { injectable } from 'inversify';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { toolClassRegistry } from '../metadata/toolClassRegistry.js';
import { updateOwnToolClassMetadata } from '../metadata/updateOwnToolClassMetadata.js';
import type { Constructor } from '../metadata/Constructor.js';
import { buildToolDefinition } from './buildToolDefinition.js';
import type { ToolOptionsInput } from './InferToolInput.js';
import type { ToolClass } from './ToolClass.js';
import type { ToolOptions } from './ToolOptions.js';
import type { Tool as ToolInterface } from '../contract/Tool.js';

/**
 * Declares a class as a tool. The class needs an `invoke(input, ctx)` method; it becomes
 * injectable (no `@injectable()` needed) and is discovered when bound in the container.
 * Options are checked now: a mistake throws `ToolDefinitionError` naming the class.
 *
 * Typed: `invoke`'s input parameter must accept what `input` declares (an instance of the DTO
 * class, or the type of a literal JSON Schema, see `InferToolInput`), so
 * `@Tool({ input: EchoInput })` on a class with `invoke(input: number)` does not compile.
 *
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { IsString, MaxLength } from 'class-validator';
 * import { Container } from 'inversify';
 * import { agentkitModule, JSONSchema, Tool, TOOL_EXECUTOR } from 'agentkit-tools-core';
 *
 * class EchoInput {
 *   @IsString()
 *   @MaxLength(1_000)
 *   @JSONSchema({ description: 'The text to repeat, as is.' })
 *   text!: string;
 * }
 *
 * @Tool({ name: 'echo', description: 'Repeats the text back.', input: EchoInput, annotations: { readOnlyHint: true } })
 * class EchoTool {
 *   invoke(input: EchoInput): string {
 *     return input.text;
 *   }
 * }
 *
 * const container = new Container();
 * container.bind(EchoTool).toSelf(); // bound classes carrying @Tool are discovered
 * await container.load(agentkitModule());
 * const executor = await container.getAsync(TOOL_EXECUTOR);
 * ```
 */
export function Tool<const TOptions extends ToolOptions>(
  options: TOptions,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the public signature in the API report (etc/api) stays as it is.
): <TClass extends ToolClass<ToolOptionsInput<TOptions>>>(target: TClass) => void {
  return ((target: Constructor): Constructor => {
    const subject = `class ${target.name || '(anonymous)'}`;
    const prototype = target.prototype as Record<string, unknown> | undefined;
    if (typeof prototype?.invoke !== 'function') {
      throw new ToolDefinitionError(
        subject,
        '@Tool() classes need an invoke(input, ctx) method.',
        'Add `async invoke(input, ctx) { ... }` returning a string, a JSON value or a ToolOutput.',
      );
    }
    const definition = buildToolDefinition(options, subject);
    updateOwnToolClassMetadata(target, (current) => ({ ...current, definition }));
    try {
      injectable()(target);
    } catch (error) {
      throw new ToolDefinitionError(subject, '@Tool() already makes the class injectable.', 'Remove @injectable() from it.', { cause: error });
    }
    toolClassRegistry.add(target);
    // The class itself, unchanged (typed `void` so a mistyped class reports one error, not two).
    return target;
  }) as (target: unknown) => void;
}

/**
 * A tool as the registry and executor see it: what a `@Tool` class becomes, and what a plain
 * object (an MCP proxy) implements: `spec`, `invoke(request, ctx)` and the optional members.
 * One name with the decorator (architecture.md section 5).
 */
export type Tool = ToolInterface;
