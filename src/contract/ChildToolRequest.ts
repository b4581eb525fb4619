import type { JsonValue, MetadataMap } from '../values/JsonValue.js';

/**
 * A nested call made by a composing tool. The session and turn are always the parent's.
 * `callId` defaults to `<parent callId>/<n>`, numbered in call order, so a resumed parent
 * that makes the same calls in the same order gets the same ids (approvals name them).
 */
export interface ChildToolRequest {
  /** The tool to call. */
  readonly toolName: string;
  /** Its input, validated like any other call's. */
  readonly input: JsonValue;
  /** The child's call id; default `<parent callId>/<n>`. */
  readonly callId?: string;
  /** Free-form data passed through to the child. */
  readonly metadata?: MetadataMap;
}
