import type { Context, SpanContext } from '@opentelemetry/api';
import type { OpenTelemetryApi } from './loadOpenTelemetry.js';

/** W3C Trace Context: `version-traceid-parentid-flags`, lower-case hex. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INVALID_TRACE_ID = '0'.repeat(32);
const INVALID_SPAN_ID = '0'.repeat(16);

/**
 * Writes the trace context of `context` into an MCP request's `params._meta` as W3C
 * `traceparent` (and `tracestate`): through the host's propagator when it speaks W3C Trace
 * Context, else directly, so a request always carries it while a span is active.
 * @internal
 */
export function injectTraceContext(api: OpenTelemetryApi, context: Context, meta: Record<string, unknown>): void {
  if (usesTraceContext(api)) {
    api.propagation.inject(context, meta);
    return;
  }
  const span = api.trace.getSpanContext(context);
  if (span === undefined || !api.isSpanContextValid(span)) return;
  const flags = (span.traceFlags & 0xff).toString(16).padStart(2, '0');
  meta.traceparent = `00-${span.traceId}-${span.spanId}-${flags}`;
  const state = span.traceState?.serialize();
  if (state !== undefined && state !== '') meta.tracestate = state;
}

/**
 * The remote parent an MCP request's `params._meta` names (`traceparent`, `tracestate`), as a
 * context to start the server's span in; the root context when it names none or a malformed one.
 * Through the host's propagator when it speaks W3C Trace Context, else read here (`traceparent` only).
 * @internal
 */
export function extractTraceContext(api: OpenTelemetryApi, meta: unknown): Context {
  const root = api.ROOT_CONTEXT;
  if (typeof meta !== 'object' || meta === null) return root;
  const carrier = meta as Record<string, unknown>;
  if (usesTraceContext(api)) return api.propagation.extract(root, carrier);
  const parent = readTraceparent(carrier.traceparent);
  return parent === undefined ? root : api.trace.setSpanContext(root, parent);
}

/** Whether the host's propagator writes `traceparent` (the W3C one, or a composite holding it). */
function usesTraceContext(api: OpenTelemetryApi): boolean {
  return api.propagation.fields().includes('traceparent');
}

/** A `traceparent` as a remote span context (its `tracestate` is read only by a host's W3C propagator). */
function readTraceparent(header: unknown): SpanContext | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (match === null) return undefined;
  const [, traceId = '', spanId = '', flags = ''] = match;
  if (traceId === INVALID_TRACE_ID || spanId === INVALID_SPAN_ID) return undefined;
  return {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  };
}
