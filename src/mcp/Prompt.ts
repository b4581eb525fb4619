import { ToolDefinitionError, type Constructor } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import type { PromptArgumentOptions, PromptOptions } from './PromptOptions.js';
import { checkOptionalText, checkText, registerServedClass } from './registerServedClass.js';
import type { PromptClassInstance } from './ServedClass.js';

/**
 * Declares a class as an MCP prompt, served with the tools like {@link Resource}. The class
 * implements `get(args)` and may implement `complete(argument, value)` to suggest argument values.
 *
 * @example
 * ```ts
 * import { Prompt } from 'agentkit-tools-core/mcp';
 *
 * @Prompt({ name: 'review', description: 'Asks for a code review.', arguments: [{ name: 'file', required: true }] })
 * class ReviewPrompt {
 *   get({ file }: Readonly<Record<string, string>>) {
 *     return `Please review ${file}.`;
 *   }
 * }
 * ```
 */
export function Prompt(options: PromptOptions): (target: Constructor<PromptClassInstance>) => void {
  return (target) => {
    assertKnownKeys(options, ['name', 'title', 'description', 'arguments'], '@Prompt(options)');
    checkText(options.name, target, '@Prompt', 'name');
    checkOptionalText(options.title, target, '@Prompt', 'title');
    checkOptionalText(options.description, target, '@Prompt', 'description');
    const given: unknown = options.arguments ?? [];
    if (!Array.isArray(given))
      throw new ToolDefinitionError(
        `class ${target.name}`,
        '@Prompt({ arguments }) must be an array.',
        'Give [{ name }].',
      );
    const args = given as readonly PromptArgumentOptions[];
    const seen = new Set<string>();
    for (const argument of args) {
      assertKnownKeys(argument, ['name', 'description', 'required'], '@Prompt({ arguments: [...] })');
      checkText(argument.name, target, '@Prompt', 'arguments[].name');
      checkOptionalText(argument.description, target, '@Prompt', 'arguments[].description');
      if (argument.required !== undefined && typeof argument.required !== 'boolean')
        throw new ToolDefinitionError(
          `class ${target.name}`,
          '@Prompt({ arguments: [{ required }] }) must be a boolean.',
          'Give true or false.',
        );
      if (seen.has(argument.name))
        throw new ToolDefinitionError(
          `class ${target.name}`,
          `@Prompt argument "${argument.name}" is declared twice.`,
          'Keep one.',
        );
      seen.add(argument.name);
    }
    registerServedClass(target, '@Prompt', 'get', {
      kind: 'prompt',
      options: { ...options, arguments: args.map((argument) => ({ ...argument })) },
    });
  };
}
