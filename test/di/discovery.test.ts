import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Container, inject, injectable } from 'inversify';
import {
  agentkitModule,
  Tool,
  TOOL_EXECUTOR,
  ToolConfigurationError,
  type ToolExecutionOutcome,
} from '../../src/index.js';
import { getToolClassMetadata } from '../../src/metadata/getToolClassMetadata.js';
import { buildRequest } from './fixtures.js';

class GreetInput {
  @IsString()
  public name!: string;
}

@injectable()
class Greeter {
  public greet(name: string): string {
    return `Hello, ${name}!`;
  }
}

@injectable()
class Clock {
  public now(): string {
    return '2024-05-01T12:00:00Z';
  }
}

@Tool({ name: 'greet', description: 'Greets someone by name.', input: GreetInput })
class GreetTool {
  public constructor(@inject(Greeter) private readonly greeter: Greeter) {}

  public invoke(input: GreetInput): string {
    return this.greeter.greet(input.name);
  }
}

/** Injected only through the design:paramtypes TypeScript emits. */
@Tool({ name: 'clock', description: 'Tells the time.' })
class ClockTool {
  public constructor(private readonly clock: Clock) {}

  public invoke(): string {
    return this.clock.now();
  }
}

@Tool({ name: 'unbound', description: 'Never bound in any container.' })
class UnboundTool {
  public invoke(): string {
    return 'should not run';
  }
}

@Tool({
  name: 'echo',
  description: 'Repeats its input.',
  input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
})
class EchoTool {
  public invoke(input: { text: string }): string {
    return input.text;
  }
}

/** Undecorated: inherits EchoTool's @Tool metadata, but is no @Tool class of its own. */
class LoudEchoTool extends EchoTool {
  public override invoke(input: { text: string }): string {
    return input.text.toUpperCase();
  }
}

@Tool({
  name: 'shout',
  description: 'Shouts its input.',
  input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
})
class ShoutTool extends EchoTool {
  public override invoke(input: { text: string }): string {
    return `${input.text.toUpperCase()}!`;
  }
}

const ECHO_ID = Symbol('echo tool, bound under its own id');

function textOf(outcome: ToolExecutionOutcome): unknown {
  if (outcome.status !== 'completed') return outcome;
  const { output } = outcome.result.result;
  return output.type === 'text' ? output.text : output;
}

describe(agentkitModule.name, () => {
  describe('discovery of @Tool classes', () => {
    it('finds every bound @Tool class and only those', async () => {
      const container = new Container();
      container.bind(Greeter).toSelf();
      container.bind(GreetTool).toSelf();
      container.bind(EchoTool).toSelf();
      container.load(agentkitModule());
      const executor = await container.getAsync(TOOL_EXECUTOR);
      expect(executor.specs().map((spec) => spec.name)).toStrictEqual(['echo', 'greet']);
    });

    it('leaves out a decorated class that is not bound', async () => {
      const container = new Container();
      container.bind(EchoTool).toSelf();
      container.load(agentkitModule());
      const names = (await container.getAsync(TOOL_EXECUTOR)).specs().map((spec) => spec.name);
      expect({ decorated: getToolClassMetadata(UnboundTool)?.definition?.spec.name, names }).toStrictEqual({
        decorated: 'unbound',
        names: ['echo'],
      });
    });

    it('lists the full spec of a discovered class', async () => {
      const container = new Container();
      container.bind(EchoTool).toSelf();
      container.load(agentkitModule());
      expect((await container.getAsync(TOOL_EXECUTOR)).specs()).toStrictEqual([
        {
          name: 'echo',
          description: 'Repeats its input.',
          inputSchema: {
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
            additionalProperties: false,
          },
          annotations: {},
          metadata: {},
        },
      ]);
    });

    it('rejects with ToolConfigurationError saying the container has no tools, and how to bind one', async () => {
      const container = new Container();
      container.load(agentkitModule());
      const error: unknown = await container.getAsync(TOOL_EXECUTOR).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ToolConfigurationError);
      expect((error as Error).message).toMatch(
        /^The container has no tools: no @Tool class is bound in it as itself, and no TOOL_SOURCE is bound\. Decorated but not bound as themselves: .*UnboundTool \("unbound"\).*\nBind each tool class as itself: `container\.bind\(\w+\)\.toSelf\(\)`\./,
      );
    });

    it('names a tool class bound only under another service id, and the fix', async () => {
      const container = new Container();
      container.bind(ECHO_ID).to(EchoTool);
      container.load(agentkitModule());
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(
        /EchoTool \("echo"\)[\s\S]*A class bound only under another service id is not discovered: bind it as itself, and the other id to it with `container\.bind\(ID\)\.toService\(\w+\)`\./,
      );
    });

    it('discovers a tool class bound as itself with another service id aliased to it, once', async () => {
      const container = new Container();
      container.bind(EchoTool).toSelf().inSingletonScope();
      container.bind(ECHO_ID).toService(EchoTool);
      container.load(agentkitModule());
      const executor = await container.getAsync(TOOL_EXECUTOR);
      expect({
        names: executor.specs().map((spec) => spec.name),
        same: container.get(ECHO_ID) === container.get(EchoTool),
      }).toStrictEqual({ names: ['echo'], same: true });
    });

    it('names the fix when the only bound class is an undecorated subclass of a @Tool class', async () => {
      const container = new Container();
      container.bind(LoudEchoTool).toSelf();
      container.load(agentkitModule());
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(
        'A subclass of a @Tool class is discovered only with its own @Tool({ name, description }), or bound under its base class: `container.bind(BaseTool).to(SubTool)`.',
      );
    });

    it('runs an undecorated subclass bound under its @Tool base class', async () => {
      const container = new Container();
      container.bind(EchoTool).to(LoudEchoTool);
      container.load(agentkitModule());
      const outcome = await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('echo', { text: 'hi' }));
      expect(textOf(outcome)).toBe('HI');
    });

    it('discovers a subclass that carries its own @Tool next to its base class', async () => {
      const container = new Container();
      container.bind(EchoTool).toSelf();
      container.bind(ShoutTool).toSelf();
      container.load(agentkitModule());
      const executor = await container.getAsync(TOOL_EXECUTOR);
      const outcome = await executor.execute(buildRequest('shout', { text: 'hi' }));
      expect({ names: executor.specs().map((spec) => spec.name), text: textOf(outcome) }).toStrictEqual({
        names: ['echo', 'shout'],
        text: 'HI!',
      });
    });

    it('runs a discovered tool', async () => {
      const container = new Container();
      container.bind(EchoTool).toSelf();
      container.load(agentkitModule());
      const outcome = await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('echo', { text: 'hi' }));
      expect(textOf(outcome)).toBe('hi');
    });

    it('injects a dependency named with @inject', async () => {
      const container = new Container();
      container.bind(Greeter).toSelf();
      container.bind(GreetTool).toSelf();
      container.load(agentkitModule());
      const outcome = await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('greet', { name: 'Ada' }));
      expect(textOf(outcome)).toBe('Hello, Ada!');
    });

    it('injects a dependency known only from the emitted constructor parameter types', async () => {
      const container = new Container();
      container.bind(Clock).toSelf();
      container.bind(ClockTool).toSelf();
      container.load(agentkitModule());
      const outcome = await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('clock'));
      expect(textOf(outcome)).toBe('2024-05-01T12:00:00Z');
    });

    it('injects the instance the host bound', async () => {
      const greeter = new Greeter();
      greeter.greet = (name: string): string => `Hi ${name}`;
      const container = new Container();
      container.bind(Greeter).toConstantValue(greeter);
      container.bind(GreetTool).toSelf();
      container.load(agentkitModule());
      const outcome = await (await container.getAsync(TOOL_EXECUTOR)).execute(buildRequest('greet', { name: 'Bo' }));
      expect(textOf(outcome)).toBe('Hi Bo');
    });

    it('rejects with ToolConfigurationError when a tool dependency is not bound', async () => {
      const container = new Container();
      container.bind(GreetTool).toSelf();
      container.load(agentkitModule());
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(ToolConfigurationError);
    });

    it('names the tool class that cannot be built and says how to fix it', async () => {
      const container = new Container();
      container.bind(ClockTool).toSelf();
      container.load(agentkitModule());
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(
        /^Tool class ClockTool is bound but cannot be built: [\s\S]*\nBind every dependency its constructor injects before resolving the executor\.$/,
      );
    });

    it('rejects with ToolConfigurationError naming both classes when two bound classes share a name', async () => {
      @Tool({ name: 'echo', description: 'Another echo.' })
      class OtherEchoTool {
        public invoke(): string {
          return 'other';
        }
      }
      const container = new Container();
      container.bind(EchoTool).toSelf();
      container.bind(OtherEchoTool).toSelf();
      container.load(agentkitModule());
      await expect(container.getAsync(TOOL_EXECUTOR)).rejects.toThrow(
        'Duplicate tool name "echo": registered by class EchoTool and again by class OtherEchoTool.',
      );
    });

    it('keeps containers independent', async () => {
      const first = new Container();
      first.bind(EchoTool).toSelf();
      first.load(agentkitModule());
      const second = new Container();
      second.bind(Clock).toSelf();
      second.bind(ClockTool).toSelf();
      second.load(agentkitModule());
      expect({
        first: (await first.getAsync(TOOL_EXECUTOR)).specs().map((spec) => spec.name),
        second: (await second.getAsync(TOOL_EXECUTOR)).specs().map((spec) => spec.name),
      }).toStrictEqual({ first: ['echo'], second: ['clock'] });
    });
  });
});
