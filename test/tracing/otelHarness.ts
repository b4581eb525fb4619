import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';

/** A registered tracer provider that keeps every ended span in memory, with context propagation. */
export interface OtelHarness {
  readonly exporter: InMemorySpanExporter;
  spans(): ReadableSpan[];
  /** The one ended span named `name` (fails when there is none or more than one). */
  span(name: string): ReadableSpan;
  shutdown(): Promise<void>;
}

/**
 * Registers a real SDK tracer provider (in-memory exporter), the AsyncLocalStorage context
 * manager and, unless `propagator` is false, the W3C propagator: what a host's OpenTelemetry
 * setup does before it builds the executor.
 */
export function registerOtel(options: { propagator?: boolean } = {}): OtelHarness {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  if (options.propagator !== false) propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    exporter,
    spans: () => exporter.getFinishedSpans(),
    span(name) {
      const found = exporter.getFinishedSpans().filter((span) => span.name === name);
      if (found.length !== 1) {
        const names = exporter.getFinishedSpans().map((span) => span.name);
        throw new Error(`expected one span ${name}, found ${found.length} among ${JSON.stringify(names)}`);
      }
      return found[0] as ReadableSpan;
    },
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** A span's parent span id (the SDK's field name changed across versions). */
export function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}
