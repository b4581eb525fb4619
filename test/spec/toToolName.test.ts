import { describe, expect, it } from '@jest/globals';
import { toToolName, ToolDefinitionError } from '../../src/index.js';

function definitionErrorOf(run: () => unknown): ToolDefinitionError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw error;
  }
  throw new Error('Expected a ToolDefinitionError');
}

describe(toToolName.name, () => {
  it('returns a valid name unchanged', () => {
    expect(toToolName('mcp.github.search')).toBe('mcp.github.search');
  });

  it('throws ToolDefinitionError for an invalid name', () => {
    expect(() => toToolName('Bad Name')).toThrow(ToolDefinitionError);
  });

  it('names the tool by default, and says what is wrong and how to fix it', () => {
    const error = definitionErrorOf(() => toToolName('a..b'));
    expect({ subject: error.subject, message: error.message }).toStrictEqual({
      subject: 'tool "a..b"',
      message:
        'tool "a..b": invalid tool name: the name "a..b" is not lowercase ASCII letters and digits joined by single ".", "_" or "-". ' +
        'Use 1-64 lowercase ASCII letters and digits joined by single ".", "_" or "-", e.g. "fs_read_file" or "github.search".',
    });
  });

  it('names the given subject', () => {
    const error = definitionErrorOf(() => toToolName('', 'class EmptyTool'));
    expect(error.subject).toBe('class EmptyTool');
    expect(error.message).toMatch(/^class EmptyTool: invalid tool name: the name is empty\. Use 1-64 /);
  });
});
