import type { MetadataMap } from './JsonValue.js';
import type { ToolOutput } from './ToolOutput.js';

/** A tool result as it goes back into the transcript. */
export interface ToolResultPart {
  readonly callId: string;
  readonly output: ToolOutput;
  readonly isError: boolean;
  readonly metadata?: MetadataMap;
}
