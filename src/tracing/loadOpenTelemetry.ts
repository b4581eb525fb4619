import { createRequire } from 'node:module';
import type * as OpenTelemetry from '@opentelemetry/api';

/**
 * The `@opentelemetry/api` module, as this package uses it.
 * @internal
 */
export type OpenTelemetryApi = typeof OpenTelemetry;

/** Not tried yet (`undefined`), absent (`null`), or the loaded module. */
let loaded: OpenTelemetryApi | null | undefined;

/**
 * `@opentelemetry/api` when the host installed it, loaded once per process (synchronously, so an
 * executor decides at construction); `undefined` when it is absent. The API keeps its state
 * (the registered tracer provider, context manager and propagator) on `globalThis`, so this copy
 * sees what the host registered through its own import of the package.
 * @internal
 */
export function loadOpenTelemetry(): OpenTelemetryApi | undefined {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)('@opentelemetry/api') as OpenTelemetryApi;
    } catch {
      // Not installed (an optional peer): tracing stays off, and nothing else is loaded.
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

/**
 * Whether the host registered a tracer provider: the API's global provider (a proxy, perhaps
 * of another copy of the API, the host's ESM import beside this CommonJS one) delegates to
 * something other than the API's no-op provider. Without one, every span would be a no-op:
 * the callers skip tracing altogether, so an unregistered API costs nothing per call.
 * @internal
 */
export function hasTracerProvider(api: OpenTelemetryApi): boolean {
  const provider: object = api.trace.getTracerProvider();
  const delegate = (provider as { getDelegate?: () => object }).getDelegate?.() ?? provider;
  return delegate.constructor.name !== 'NoopTracerProvider';
}

/**
 * Where every copy of the API (major version 1) keeps what the host registered: a provider
 * registration puts a `trace` entry there. Read before loading anything, so that a process
 * with the API installed (other packages depend on it) but no provider pays no load.
 */
const API_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** Whether some copy of the API registered a tracer provider (read without loading the API). */
function isProviderRegistered(): boolean {
  const state: unknown = (globalThis as Record<symbol, unknown>)[API_GLOBAL];
  return typeof state === 'object' && state !== null && 'trace' in state;
}

/**
 * The API when it is installed and a tracer provider is registered, else `undefined`: what a
 * component reads once, when it is built, to decide whether it traces. Nothing is loaded
 * unless a provider was registered.
 * @internal
 */
export function resolveOpenTelemetry(): OpenTelemetryApi | undefined {
  if (!isProviderRegistered()) return undefined;
  const api = loadOpenTelemetry();
  return api !== undefined && hasTracerProvider(api) ? api : undefined;
}
