// OpenTelemetry for every process (eShop's ServiceDefaults idea: one place sets it up).
// Spans: each Fastify request and handler (@fastify/otel), outgoing and incoming HTTP, PostgreSQL
// queries, and event consumers (the event bus carries trace context in message headers), so one
// trace spans gateway -> service -> event -> consumer. Exported over OTLP when an endpoint is
// configured; tests pass their own span processor (an in-memory exporter).
import FastifyOtelInstrumentation from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { FastifyInstance } from 'fastify';

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP traces endpoint base, e.g. http://collector:4318 */
  otlpEndpoint?: string;
  spanProcessors?: SpanProcessor[];
}

interface ActiveTelemetry {
  sdk: NodeSDK;
  fastify: FastifyOtelInstrumentation;
}

let active: ActiveTelemetry | null = null;

/**
 * Starts tracing for this process. Call before the application's modules are imported, so the
 * HTTP and PostgreSQL instrumentations patch them. Returns false when nothing would record spans.
 */
export function startTelemetry(options: TelemetryOptions): boolean {
  if (active) return true;
  const spanProcessors = [...(options.spanProcessors ?? [])];
  if (options.otlpEndpoint) {
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` })));
  }
  if (spanProcessors.length === 0) return false;
  const fastify = new FastifyOtelInstrumentation({ ignorePaths: '/healthz', instrumentHooks: false });
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors,
    instrumentations: [new HttpInstrumentation(), new PgInstrumentation(), fastify],
  });
  sdk.start();
  active = { sdk, fastify };
  return true;
}

/** Instruments a Fastify instance when telemetry runs (register before any route). */
export async function instrumentFastify(app: FastifyInstance): Promise<void> {
  if (active) await app.register(active.fastify.plugin());
}

export async function stopTelemetry(): Promise<void> {
  if (!active) return;
  const { sdk } = active;
  active = null;
  await sdk.shutdown();
}

/** Starts telemetry from the environment (OTEL_EXPORTER_OTLP_ENDPOINT); for process entry points. */
export function startTelemetryFromEnv(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return endpoint ? startTelemetry({ serviceName: env.OTEL_SERVICE_NAME ?? serviceName, otlpEndpoint: endpoint }) : false;
}
