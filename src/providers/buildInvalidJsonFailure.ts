import { ToolError } from '../index.js';
import { refusedWith } from '../internal/index.js';
import type { NotInvokedFailure } from './ParsedToolCall.js';

/** The `invalid_input` outcome for arguments that are not valid JSON (the tool never runs). */
export function buildInvalidJsonFailure(toolName: string, problem: string): NotInvokedFailure {
  const message = `the arguments are not valid JSON (${problem})`;
  return refusedWith(
    new ToolError(
      'invalid_input',
      `Input for tool \`${toolName}\` is invalid (1 problem):\n- (root): ${message}\nSend the arguments as one JSON object and call the tool again.`,
      { errors: [{ path: '', constraint: 'json', message }] },
    ),
  );
}
