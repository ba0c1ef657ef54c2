// Distributed profile: each claimed path is forwarded to its service over HTTP (an undici pool per
// service, see forward-request.ts), the internal identity header added by the session-identity hook.
// Service answers (errors included) pass through unchanged; a service that cannot be reached answers
// 503, one too slow 504, one whose answer exceeds the cap 502, each with a message.
import { context, propagation } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@civic/service-kit';
import type { RouteClaim } from '../route-table.ts';
import { createForwarder, UpstreamAnswerTooLarge, type UpstreamLimits, UpstreamTimeout } from './forward-request.ts';

/** The active trace context as W3C headers, so the service's spans join the gateway's trace. */
function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export async function registerServiceProxies(
  app: FastifyInstance,
  options: {
    table: readonly RouteClaim[];
    upstreams: Record<string, string>;
    /** Cap of each service's stream pool: the gateway's STREAM_LIMIT_TOTAL (stream-limits.ts). */
    streamConnections?: number;
    /** Cap of each service's download pool: the gateway's DOWNLOAD_LIMIT_TOTAL (download-limits.ts), so no download queues there. */
    downloadConnections?: number;
    /** Tests only: a shorter idle timeout for streams than STREAM_IDLE_TIMEOUT_MS. */
    streamIdleTimeoutMs?: number;
    /** Timeouts and the answer size cap (GATEWAY_UPSTREAM_*); DEFAULT_UPSTREAM_LIMITS otherwise. */
    limits?: Partial<UpstreamLimits>;
  },
): Promise<string[]> {
  const proxied: string[] = [];
  await app.register(async (scope) => {
    // Bodies pass through unparsed (the service validates them), but are read as bounded buffers so
    // the gateway's body limit answers 413 itself instead of the upstream cutting a stream short.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const claim of options.table) {
      const upstream = options.upstreams[claim.service];
      if (!upstream) continue;
      proxied.push(claim.service);
      const forwarder = createForwarder(upstream, {
        streamConnections: options.streamConnections,
        downloadConnections: options.downloadConnections,
        streamIdleTimeoutMs: options.streamIdleTimeoutMs,
        limits: options.limits,
      });
      // Open event streams would keep the server waiting for their connections: end them first.
      scope.addHook('preClose', () => forwarder.endStreams());
      scope.addHook('onClose', () => forwarder.close());
      const routeTo = (url: string, methods: readonly (typeof METHODS)[number][], stream: boolean, download = false) =>
        scope.route({
          method: [...methods],
          url,
          config: { service: claim.service, stream, download },
          handler: async (request, reply) => {
            try {
              await forwarder.forward(
                request,
                reply,
                { ...traceHeaders(), [IDENTITY_HEADER]: request.headers[IDENTITY_HEADER] as string, [REQUEST_ID_HEADER]: request.id },
                { stream, download },
              );
              return reply;
            } catch (error) {
              if (error instanceof UpstreamTimeout) {
                request.log.warn({ service: claim.service, phase: error.phase }, 'upstream timed out');
                return reply.code(504).send({ message: 'The service took too long to answer. Please try again.', code: 'GATEWAY_UPSTREAM_TIMEOUT' });
              }
              if (error instanceof UpstreamAnswerTooLarge) {
                request.log.warn({ service: claim.service, limit: error.limit }, 'upstream answer over the size cap');
                return reply.code(502).send({ message: 'The service answered with more than the gateway accepts.', code: 'GATEWAY_UPSTREAM_TOO_LARGE' });
              }
              // A service that is down or cut off answers 503 with a message, not a bare 500.
              request.log.warn({ err: error, service: claim.service }, 'upstream unavailable');
              return reply.code(503).send({ message: 'Service temporarily unavailable', code: 'GATEWAY_UPSTREAM_UNAVAILABLE' });
            }
          },
        });
      for (const pattern of claim.patterns) routeTo(pattern, METHODS, false);
      // A stream is a GET of its exact path (more specific than the service's /* pattern, so the
      // router prefers it); other methods on that path go the ordinary way.
      for (const path of claim.streams ?? []) routeTo(path, ['GET'], true);
      // A download likewise: a GET of its own route, answered as it comes (forward-request.ts).
      for (const path of claim.downloads ?? []) routeTo(path, ['GET'], false, true);
    }
  });
  return proxied;
}
