// HTTP rate, errors and duration per route: one histogram, http.server.request.duration, labelled with
// the route's registered pattern (/api/priorities/:id), never the URL with its ids, so the series stay
// few. The distributed gateway labels its route-table claims (/api/priorities/*).
import type { Attributes, Histogram } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { ProcessMetrics } from './process-metrics.ts';

/** OpenTelemetry's advice for HTTP server durations (semantic conventions), in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export function installHttpMetrics(app: FastifyInstance, metrics: ProcessMetrics): void {
  if (!metrics.enabled) return;
  const duration: Histogram = metrics.meter.createHistogram('http.server.request.duration', {
    description: 'Duration of HTTP server requests, per route pattern, method and status',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const attributes: Attributes =
      route === undefined
        ? { 'http.request.method': request.method, 'http.response.status_code': reply.statusCode }
        : { 'http.request.method': request.method, 'http.route': route, 'http.response.status_code': reply.statusCode };
    duration.record(reply.elapsedTime / 1000, attributes);
    done();
  });
}
