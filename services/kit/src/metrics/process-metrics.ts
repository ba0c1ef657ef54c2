// OpenTelemetry metrics of one process, served to Prometheus on METRICS_PORT (never the public port);
// off unless it is set, with a no-op meter. Each platform has its own meter provider, so processes a
// test starts side by side keep their numbers apart. Gauges that need a query are observed at scrape
// time, not kept up to date on the hot path.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNoopMeter, type Meter } from '@opentelemetry/api';

export interface ProcessMetrics {
  /** False when METRICS_PORT is unset: `meter` is a no-op, nothing is served. */
  readonly enabled: boolean;
  readonly meter: Meter;
  /** Where /metrics is served (http://host:port/metrics), or null. */
  readonly url: string | null;
  close(): Promise<void>;
}

export const DISABLED_METRICS: ProcessMetrics = Object.freeze({
  enabled: false,
  meter: createNoopMeter(),
  url: null,
  close: async () => {},
});

export interface MetricsServerOptions {
  /** The process's service.name (civic-gateway, civic-auth, ...). */
  serviceName: string;
  host: string;
  /** 0: any free port (tests). */
  port: number;
}

/** Observations that read a database or NATS give up after this long, so a scrape always answers. */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;
/** A whole collection's deadline (Prometheus's default scrape timeout is 10 s). */
const SCRAPE_DEADLINE_MS = 5_000;

/** Resolves to `work`'s value, or rejects when it takes longer than `ms` (its result is then ignored). */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The meter provider of this process and its /metrics server; the server listens once `listen()` is
 * called (after the rest of the process started, so a failed start leaves no port open).
 */
export async function createProcessMetrics(options: MetricsServerOptions): Promise<ProcessMetrics & { listen(): Promise<void> }> {
  // Loaded only when metrics are on (most test processes run without them).
  const [{ MeterProvider }, { PrometheusExporter, PrometheusSerializer }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/exporter-prometheus'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': options.serviceName }), readers: [exporter] });
  const serializer = new PrometheusSerializer();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.statusCode = 404;
      response.end('Not found\n');
      return;
    }
    // Every scrape answers within a deadline: a collection that does not finish is a 503, never a hung scrape.
    within(SCRAPE_DEADLINE_MS, exporter.collect()).then(
      ({ resourceMetrics }) => {
        response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
        response.end(serializer.serialize(resourceMetrics));
      },
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`# metrics collection failed: ${(error as Error).message}\n`);
      },
    );
  });
  let url: string | null = null;
  let closing: Promise<void> | undefined;
  return {
    enabled: true,
    meter: provider.getMeter('civic-agenda'),
    get url() {
      return url;
    },
    async listen() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/metrics`;
    },
    close: () =>
      (closing ??= (async () => {
        if (server.listening) {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
        await provider.shutdown().catch(() => {});
      })()),
  };
}
