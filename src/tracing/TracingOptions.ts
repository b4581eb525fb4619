/**
 * How an executor traces its calls with OpenTelemetry (`BasicToolExecutorOptions.tracing`).
 * Tracing is on when `@opentelemetry/api` is installed and a tracer provider is registered
 * before the executor is built; `tracing: false` turns it off. The public option spells this
 * shape out (`BasicToolExecutorOptions.tracing`).
 * @internal
 */
export interface TracingOptions {
  /**
   * Record each call's input (`gen_ai.tool.call.arguments`), its result's output
   * (`gen_ai.tool.call.result`) and permission targets (`agentkit.permission.target`) on the
   * spans. They may hold what the model or a user sent and files' contents: off by default.
   */
  readonly recordContent?: boolean;
}
