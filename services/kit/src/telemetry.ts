// OpenTelemetry for every process (eShop's ServiceDefaults idea: one place sets it up).
// Spans: each Fastify request and handler (@fastify/otel), outgoing and incoming HTTP, PostgreSQL
// queries, and event consumers (the event bus carries trace context in message headers), so one
// trace spans gateway -> service -> event -> consumer. Exported over OTLP when an endpoint is
// configured; tests pass their own span processor (an in-memory exporter).
// The SDK is imported only when tracing is on: it is large, and most processes start without it.
import type FastifyOtelInstrumentation from '@fastify/otel';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyInstance } from 'fastify';
import { pathOf } from './http/path-of.ts';

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
export async function startTelemetry(options: TelemetryOptions): Promise<boolean> {
  if (active) return true;
  const spanProcessors = [...(options.spanProcessors ?? [])];
  if (options.otlpEndpoint) {
    const { BatchSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` })));
  }
  if (spanProcessors.length === 0) return false;
  const [{ default: FastifyOtel }, { HttpInstrumentation }, { PgInstrumentation }, { NodeSDK }] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/sdk-node'),
  ]);
  // Spans record paths without their query strings (a magic link's token: SECURITY 28).
  const fastify = new FastifyOtel({
    ignorePaths: ({ url }) => url === '/healthz' || url === '/readyz',
    instrumentHooks: false,
    requestHook: (span, request) => span.setAttribute('url.path', pathOf(request.url)),
  });
  const sensitive = ['token', 'code', 'otp', 'email', 'search'];
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors,
    instrumentations: [new HttpInstrumentation({ redactedQueryParams: sensitive, redactedQueryParamsServer: sensitive }), new PgInstrumentation(), fastify],
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
export async function startTelemetryFromEnv(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return endpoint ? startTelemetry({ serviceName: env.OTEL_SERVICE_NAME ?? serviceName, otlpEndpoint: endpoint }) : false;
}
