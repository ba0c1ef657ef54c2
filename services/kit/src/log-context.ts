// What every log line carries besides its message: the service it comes from and the trace and span
// of the work it belongs to (read at each line from OpenTelemetry's active span), so an operator can
// go from a log line to its trace and back. A process that runs one service (or the distributed
// gateway) names it in pino's base fields; the embedded process names each mounted service in its
// requests' child loggers instead (service.ts), since a child's binding would repeat a base field.
import { hostname } from 'node:os';
import { trace } from '@opentelemetry/api';

export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** pino options shared by the platform's logger and Fastify's. */
export function logContextOptions(service: string | undefined) {
  return {
    mixin: traceLogFields,
    ...(service ? { base: { pid: process.pid, hostname: hostname(), service } } : {}),
  };
}
