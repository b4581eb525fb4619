import { describe, expect, it } from '@jest/globals';
import { Tool, ToolDefinitionError } from '../../src/index.js';
import { getToolClassMetadata } from '../../src/metadata/getToolClassMetadata.js';

describe('Tool', () => {
  describe('(timeoutMs)', () => {
    it('keeps a tool deadline of its own in the definition', () => {
      @Tool({ name: 'long_runner', description: 'Runs long.', timeoutMs: 300_000 })
      class LongRunner {
        public invoke(): string {
          return 'ok';
        }
      }
      expect(getToolClassMetadata(LongRunner)?.definition?.timeoutMs).toBe(300_000);
    });

    it.each([0, -5, Number.NaN, 2 ** 31])('refuses timeoutMs %p, naming the class', (timeoutMs) => {
      expect(() => {
        Tool({ name: 'bad_deadline', description: 'Bad.', timeoutMs })(
          class BadDeadline {
            public invoke(): string {
              return 'x';
            }
          },
        );
      }).toThrow(
        new ToolDefinitionError(
          'class BadDeadline',
          '`timeoutMs` must be a number of milliseconds from 1 to 2147483647.',
          'Omit it to use the executor default.',
        ),
      );
    });
  });
});
