import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR, Tool, type Constructor, type JsonObject } from '../src/index.js';
import { median } from './measure.js';

export interface DiscoveryOptions {
  /** How many distinct @Tool classes to generate. */
  readonly toolCount: number;
  /** Fresh containers resolved (each discovers and freezes every tool). */
  readonly rounds: number;
}

export interface DiscoveryResult {
  readonly toolCount: number;
  /** Applying `@Tool` to every generated class (options checked, schema compiled with ajv). */
  readonly decorateMs: number;
  /** Binding every class in a fresh container and loading `agentkitModule()`, median. */
  readonly bindMedianMs: number;
  /** `await container.getAsync(TOOL_EXECUTOR)`, the first time in this process. */
  readonly firstMs: number;
  /** The same, median over every round (the first included). */
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly rounds: number;
}

/** Defines `count` distinct tool classes, each with its own name and explicit schema. */
function defineToolClasses(count: number): Constructor[] {
  const classes: Constructor[] = [];
  for (let i = 0; i < count; i++) {
    const field = `field_${i}`;
    const input: JsonObject = {
      type: 'object',
      properties: { [field]: { type: 'string', maxLength: 100 + i } },
      required: [field],
      additionalProperties: false,
    };
    const generated = class {
      public invoke(args: Readonly<Record<string, string>>): Promise<string> {
        return Promise.resolve(args[field] ?? '');
      }
    };
    Object.defineProperty(generated, 'name', { value: `GeneratedTool${i}` });
    Tool({ name: `generated_tool_${i}`, description: `Generated tool number ${i}: returns its ${field}.`, input })(
      generated,
    );
    classes.push(generated);
  }
  return classes;
}

/** Times decorating `toolCount` classes, then discovery + freeze in fresh containers. */
export async function measureDiscovery(options: DiscoveryOptions): Promise<DiscoveryResult> {
  const decorateStarted = performance.now();
  const classes = defineToolClasses(options.toolCount);
  const decorateMs = performance.now() - decorateStarted;

  const bindSamples: number[] = [];
  const samples: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const bindStarted = performance.now();
    const container = new Container();
    for (const cls of classes) container.bind(cls).toSelf();
    container.load(agentkitModule());
    bindSamples.push(performance.now() - bindStarted);

    const started = performance.now();
    const executor = await container.getAsync(TOOL_EXECUTOR);
    samples.push(performance.now() - started);
    if (executor.specs().length !== options.toolCount) {
      throw new Error(`discovery found ${executor.specs().length} tools, expected ${options.toolCount}`);
    }
  }
  return {
    toolCount: options.toolCount,
    decorateMs,
    bindMedianMs: median(bindSamples),
    firstMs: samples[0] as number,
    medianMs: median(samples),
    minMs: Math.min(...samples),
    maxMs: Math.max(...samples),
    rounds: samples.length,
  };
}
