import { mcpError } from './loadSdkTypes.js';
import type { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { ResourceContents, ResourceDescriptor, ResourceProvider } from './ResourceProvider.js';
import { checkCompletion } from './checkCompletion.js';
import type { ResourceOptions } from './ResourceOptions.js';
import type { ResourceTemplateOptions } from './ResourceTemplateOptions.js';
import type {
  ResourceChangeListener,
  ResourceClassInstance,
  ResourceReadResult,
  ResourceTemplateClassInstance,
} from './ServedClass.js';

/** MCP's code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;

/** A resource template a {@link ServedResources} lists (`resources/templates/list`). */
export interface ResourceTemplateDescriptor {
  /** The RFC 6570 template of the URIs it serves. */
  readonly uriTemplate: string;
  /** A short name a client lists. */
  readonly name: string;
  /** A title a client shows a person. */
  readonly title?: string;
  /** What its resources hold. */
  readonly description?: string;
  /** Their media type. */
  readonly mimeType?: string;
}

/** @internal One `@Resource` class, built. */
export interface BuiltResource {
  readonly options: ResourceOptions;
  readonly instance: ResourceClassInstance;
  readonly className: string;
}

/** @internal One `@ResourceTemplate` class, built, with its parsed template. */
export interface BuiltResourceTemplate {
  readonly options: ResourceTemplateOptions;
  readonly instance: ResourceTemplateClassInstance;
  readonly className: string;
  readonly template: UriTemplate;
}

function describe<T extends { readonly title?: string; readonly description?: string; readonly mimeType?: string }>(
  options: T,
): Pick<T, 'title' | 'description' | 'mimeType'> {
  return {
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.description === undefined ? {} : { description: options.description }),
    ...(options.mimeType === undefined ? {} : { mimeType: options.mimeType }),
  };
}

function isContents(value: unknown): value is ResourceContents {
  if (typeof value !== 'object' || value === null) return false;
  const { uri, mimeType, text, blob } = value as Record<string, unknown>;
  return (
    typeof uri === 'string' &&
    (mimeType === undefined || typeof mimeType === 'string') &&
    (typeof text === 'string') !== (typeof blob === 'string') &&
    (text === undefined || typeof text === 'string') &&
    (blob === undefined || typeof blob === 'string')
  );
}

/** What `read()` answered, as contents; anything else is the class's mistake, named. */
function toContents(
  answer: ResourceReadResult,
  uri: string,
  mimeType: string | undefined,
  className: string,
): ResourceContents[] {
  const mime = mimeType === undefined ? {} : { mimeType };
  if (typeof answer === 'string') return [{ uri, ...mime, text: answer }];
  if (answer instanceof Uint8Array) return [{ uri, ...mime, blob: Buffer.from(answer).toString('base64') }];
  const list: readonly unknown[] = Array.isArray(answer) ? answer : [answer];
  if (list.every(isContents)) return [...list];
  throw mcpError(
    'InternalError',
    `${className}.read() answered neither a string, bytes nor { uri, mimeType?, text | blob } contents.`,
  );
}

/**
 * The `@Resource` and `@ResourceTemplate` classes a container binds, as a `ResourceProvider`
 * (the type the MCP client side answers too), plus what serving needs: templates, subscriptions
 * and completion. Built by `servedContent(container)`.
 */
export class ServedResources implements ResourceProvider {
  readonly #resources: ReadonlyMap<string, BuiltResource>;
  readonly #templates: readonly BuiltResourceTemplate[];

  /** @internal Built by `servedContent(container)`. */
  public constructor(resources: readonly BuiltResource[], templates: readonly BuiltResourceTemplate[]) {
    this.#resources = new Map(resources.map((resource) => [resource.options.uri, resource]));
    this.#templates = templates;
  }

  /** Whether there is no resource and no template (then the server does not declare resources). */
  public get isEmpty(): boolean {
    return this.#resources.size === 0 && this.#templates.length === 0;
  }

  /** Every resource (templates not included: {@link ServedResources.listTemplates}). */
  public list(): Promise<readonly ResourceDescriptor[]> {
    return Promise.resolve(
      [...this.#resources.values()].map(({ options }) => ({
        uri: options.uri,
        name: options.name,
        ...describe(options),
      })),
    );
  }

  /** Every resource template. */
  public listTemplates(): Promise<readonly ResourceTemplateDescriptor[]> {
    return Promise.resolve(
      this.#templates.map(({ options }) => ({
        uriTemplate: options.uriTemplate,
        name: options.name,
        ...describe(options),
      })),
    );
  }

  /**
   * The contents at `uri`: the resource with that URI, else the first template matching it.
   * @throws McpError `-32002` (resource not found) when none serves it.
   */
  public async read(uri: string): Promise<readonly ResourceContents[]> {
    const resource = this.#resources.get(uri);
    if (resource !== undefined)
      return toContents(await resource.instance.read(uri), uri, resource.options.mimeType, resource.className);
    for (const served of this.#templates) {
      const variables = served.template.match(uri);
      if (variables === null) continue;
      const flat = Object.fromEntries(
        Object.entries(variables).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
      );
      return toContents(await served.instance.read(uri, flat), uri, served.options.mimeType, served.className);
    }
    throw mcpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
  }

  /**
   * Subscribes to the resource at `uri`: `changed` runs when the class announces a change.
   * Returns what ends the subscription.
   * @throws McpError `-32002` when no resource has that URI.
   */
  public subscribe(uri: string, changed: ResourceChangeListener): () => void {
    const resource = this.#resources.get(uri);
    if (resource === undefined) throw mcpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    const stop = resource.instance.subscribe?.(changed);
    return typeof stop === 'function' ? stop : () => undefined;
  }

  /**
   * Suggestions for `argument` of the template `uriTemplate` (none when the class has no `complete`).
   * @throws McpError invalid params when no template has that URI template.
   */
  public async complete(
    uriTemplate: string,
    argument: string,
    value: string,
    context: Readonly<Record<string, string>> = {},
  ): Promise<readonly string[]> {
    const served = this.#templates.find(({ options }) => options.uriTemplate === uriTemplate);
    if (served === undefined) throw mcpError('InvalidParams', `No resource template ${JSON.stringify(uriTemplate)}.`);
    if (served.instance.complete === undefined) return [];
    return checkCompletion(await served.instance.complete(argument, value, context), served.className);
  }
}
