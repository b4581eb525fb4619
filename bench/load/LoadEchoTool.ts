import { Tool } from '../../src/index.js';
import { ECHO_DESCRIPTION, ECHO_JSON_SCHEMA, type EchoInputShape } from '../echo.js';

export const LOAD_ECHO_TOOL = 'load_echo';

/**
 * The echo tool of the load run: no preflight, so it is checked as the implicit `tool.invoke`
 * request, which the default checker allows (no side effect declared).
 */
@Tool({ name: LOAD_ECHO_TOOL, description: ECHO_DESCRIPTION, input: ECHO_JSON_SCHEMA })
export class LoadEchoTool {
  public invoke(input: EchoInputShape): string {
    return input.text;
  }
}
