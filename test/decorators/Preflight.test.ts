import { describe, expect, it } from '@jest/globals';
import { Preflight, Tool, ToolDefinitionError } from '../../src/index.js';
import { definitionErrorOf, getToolMetadata } from './getToolDefinition.js';

describe(Preflight.name, () => {
  it('records the method it decorates', () => {
    @Tool({ name: 'guarded', description: 'Asks first.' })
    class GuardedTool {
      @Preflight()
      public describe(): [] {
        return [];
      }

      public invoke(): string {
        return 'done';
      }
    }
    expect(getToolMetadata(GuardedTool)?.preflightMethod).toBe('describe');
  });

  it('records nothing on a tool without one', () => {
    @Tool({ name: 'unguarded', description: 'Never asks.' })
    class UnguardedTool {
      public invoke(): string {
        return 'done';
      }
    }
    expect(getToolMetadata(UnguardedTool)?.preflightMethod).toBeUndefined();
  });

  it('throws ToolDefinitionError when on two methods', () => {
    expect(() => {
      class TwiceTool {
        @Preflight()
        public first(): [] {
          return [];
        }

        @Preflight()
        public second(): [] {
          return [];
        }

        public invoke(): string {
          return 'done';
        }
      }
      return TwiceTool;
    }).toThrow(ToolDefinitionError);
  });

  it('names the class and both methods, and says how to fix it', () => {
    const error = definitionErrorOf(() => {
      @Tool({ name: 'twice', description: 'Asks twice.' })
      class TwiceTool {
        @Preflight()
        public first(): [] {
          return [];
        }

        @Preflight()
        public second(): [] {
          return [];
        }

        public invoke(): string {
          return 'done';
        }
      }
      return TwiceTool;
    });
    expect({ subject: error.subject, message: error.message }).toStrictEqual({
      subject: 'class TwiceTool',
      message:
        'class TwiceTool: @Preflight() is on both first() and second(). ' +
        'Keep it on one method and return every permission request from it (an array is fine).',
    });
  });

  it('lets a subclass move the preflight to another method', () => {
    class BaseTool {
      @Preflight()
      public check(): [] {
        return [];
      }

      public invoke(): string {
        return 'base';
      }
    }
    @Tool({ name: 'derived', description: 'Asks differently.' })
    class DerivedTool extends BaseTool {
      @Preflight()
      public checkMore(): [] {
        return [];
      }
    }
    expect(getToolMetadata(DerivedTool)?.preflightMethod).toBe('checkMore');
  });
});
