import type { Attributes } from '@opentelemetry/api';
import { resolveOpenTelemetry } from './loadOpenTelemetry.js';

/**
 * Adds an event to the active span (the `execute_tool` span of the call whose body runs):
 * for moments of a built-in's work that are not calls of their own, such as a sandbox start.
 * Nothing happens when no span is active or tracing cannot happen.
 * @internal
 */
export function addSpanEvent(name: string, attributes: Attributes): void {
  const api = resolveOpenTelemetry();
  api?.trace.getActiveSpan()?.addEvent(name, attributes);
}
