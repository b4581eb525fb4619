import type { MetadataMap } from './JsonValue.js';
import type { ToolOutput } from './ToolOutput.js';

/** A tool result as it goes back into the transcript. */
export interface ToolResultPart {
  /** The id of the call it answers (`ToolRequest.callId`). */
  readonly callId: string;
  /** What the tool produced. */
  readonly output: ToolOutput;
  /** Whether it reports a failure the model should see (a non-zero exit, an MCP `isError` result). */
  readonly isError: boolean;
  /** What the tool adds for the host (paging data of a file read, for example). */
  readonly metadata?: MetadataMap;
}
