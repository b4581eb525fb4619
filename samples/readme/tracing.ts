// README: "Tracing".
import 'reflect-metadata';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { ConsoleSpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { Container } from 'inversify';
import { agentkitModule, TOOL_EXECUTOR } from 'agentkit-tools-core';

// Your OpenTelemetry set-up, before the executor is built (the Node SDK's start() does these three).
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const exporter = new ConsoleSpanExporter();
trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));

const container = new Container();
// Every call is now an `execute_tool <tool>` span; inputs and results are recorded only if you say so.
container.load(agentkitModule({ tracing: { recordContent: false } }));
export const getExecutor = () => container.getAsync(TOOL_EXECUTOR);
