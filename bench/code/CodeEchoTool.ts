import { Tool, type JsonObject } from '../../src/index.js';

/** The echo tool's name, as scripts call it: `tools.echo({ i })`. */
export const CODE_ECHO_TOOL = 'echo';

/** `{ i }`: one integer, unknown keys refused (so validation is on the measured path). */
const INPUT: JsonObject = {
  type: 'object',
  properties: { i: { type: 'integer', minimum: 0 } },
  required: ['i'],
  additionalProperties: false,
};

/** The input {@link CodeEchoTool} takes and gives back. */
export interface CodeEchoInput {
  readonly i: number;
}

/**
 * The code section's echo tool: answers its input. No preflight and no side effect declared,
 * so the default checker allows it (the implicit `tool.invoke` request), from a script or not.
 */
@Tool({ name: CODE_ECHO_TOOL, description: 'Answers its input.', input: INPUT })
export class CodeEchoTool {
  /** Gives the input back (a structured result). */
  public invoke(input: CodeEchoInput): CodeEchoInput {
    return { i: input.i };
  }
}
