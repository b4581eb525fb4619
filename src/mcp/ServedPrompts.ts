import { mcpError } from './loadSdkTypes.js';
import type { PromptDescriptor, PromptMessage, PromptProvider, PromptResult } from './PromptProvider.js';
import { isContentPart } from '../internal/index.js';
import { checkCompletion } from './checkCompletion.js';
import type { PromptOptions } from './PromptOptions.js';
import type { PromptClassInstance, PromptGetResult } from './ServedClass.js';

/** @internal One `@Prompt` class, built. */
export interface BuiltPrompt {
  readonly options: PromptOptions;
  readonly instance: PromptClassInstance;
  readonly className: string;
}

function isMessage(value: unknown): value is PromptMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { role, content } = value as Record<string, unknown>;
  return (role === 'user' || role === 'assistant') && isContentPart(content);
}

/** What `get()` answered, as a prompt result; anything else is the class's mistake, named. */
function toResult(answer: PromptGetResult, description: string | undefined, className: string): PromptResult {
  const described = description === undefined ? {} : { description };
  if (typeof answer === 'string')
    return { ...described, messages: [{ role: 'user', content: { type: 'text', text: answer } }] };
  if (Array.isArray(answer) && answer.every(isMessage)) return { ...described, messages: [...answer] };
  if (isContentPart(answer)) return { ...described, messages: [{ role: 'user', content: answer }] };
  if (
    typeof answer === 'object' &&
    'messages' in answer &&
    Array.isArray(answer.messages) &&
    answer.messages.every(isMessage)
  )
    return { ...described, ...answer };
  throw mcpError(
    'InternalError',
    `${className}.get() answered neither a string, a content part, messages ({ role, content }[]) nor { messages }.`,
  );
}

/**
 * The `@Prompt` classes a container binds, as a `PromptProvider` (the type the MCP client side
 * answers too), plus completion of their arguments. Built by `servedContent(container)`.
 */
export class ServedPrompts implements PromptProvider {
  readonly #prompts: ReadonlyMap<string, BuiltPrompt>;

  /** @internal Built by `servedContent(container)`. */
  public constructor(prompts: readonly BuiltPrompt[]) {
    this.#prompts = new Map(prompts.map((prompt) => [prompt.options.name, prompt]));
  }

  /** Whether there is no prompt (then the server does not declare prompts). */
  public get isEmpty(): boolean {
    return this.#prompts.size === 0;
  }

  /** Every prompt, with its arguments. */
  public list(): Promise<readonly PromptDescriptor[]> {
    return Promise.resolve(
      [...this.#prompts.values()].map(({ options }) => ({
        name: options.name,
        ...(options.description === undefined ? {} : { description: options.description }),
        arguments: options.arguments ?? [],
        ...(options.title === undefined ? {} : { metadata: { title: options.title } }),
      })),
    );
  }

  #find(name: string): BuiltPrompt {
    const prompt = this.#prompts.get(name);
    if (prompt === undefined) throw mcpError('InvalidParams', `No prompt named ${JSON.stringify(name)}.`);
    return prompt;
  }

  /**
   * The prompt `name` rendered with `args`.
   * @throws McpError invalid params for an unknown prompt, a missing required argument or an unknown one.
   */
  public async get(name: string, args: Readonly<Record<string, string>> = {}): Promise<PromptResult> {
    const prompt = this.#find(name);
    const declared = prompt.options.arguments ?? [];
    const missing = declared.filter((argument) => argument.required === true && args[argument.name] === undefined);
    if (missing.length > 0)
      throw mcpError(
        'InvalidParams',
        `Prompt ${JSON.stringify(name)} needs the argument(s) ${missing.map((argument) => argument.name).join(', ')}.`,
      );
    const unknown = Object.keys(args).filter((key) => !declared.some((argument) => argument.name === key));
    if (unknown.length > 0)
      throw mcpError(
        'InvalidParams',
        `Prompt ${JSON.stringify(name)} takes no argument(s) ${unknown.map((key) => JSON.stringify(key)).join(', ')}.`,
      );
    return toResult(await prompt.instance.get({ ...args }), prompt.options.description, prompt.className);
  }

  /**
   * Suggestions for `argument` of the prompt `name` (none when the class has no `complete`).
   * @throws McpError invalid params for an unknown prompt.
   */
  public async complete(
    name: string,
    argument: string,
    value: string,
    context: Readonly<Record<string, string>> = {},
  ): Promise<readonly string[]> {
    const prompt = this.#find(name);
    if (prompt.instance.complete === undefined) return [];
    return checkCompletion(await prompt.instance.complete(argument, value, context), prompt.className);
  }
}
