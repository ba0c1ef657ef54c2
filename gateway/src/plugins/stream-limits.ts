// Admission of the table's event-stream routes (STREAM_LIMIT_*, docs/configuration.md): 429 beyond a
// user's or a network's share, 503 beyond the total (the server, not the client, is full). A stream
// leaves the count when its response closes. Register after installSessionIdentity.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientNetworkOf, type CookieNames, type Platform, sha256 } from '@civic/service-kit';
import { createOpenStreams, type OpenStream, type OpenStreams, type StreamLimits, type StreamRefusal } from '../streams/open-streams.ts';
import { watchStreamSessions } from '../streams/session-watch.ts';
import { sessionLookupOf } from './session-identity.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An event-stream route of the route table: stream pool, stream limits. */
    stream?: boolean;
  }
}

const REFUSALS: Record<StreamRefusal, { statusCode: number; code: string; message: string }> = {
  user: { statusCode: 429, code: 'GATEWAY_TOO_MANY_STREAMS', message: 'Too many live streams open. Close another tab and try again.' },
  network: {
    statusCode: 429,
    code: 'GATEWAY_TOO_MANY_STREAMS',
    message: 'Too many live streams open from your network. Close another tab and try again.',
  },
  total: { statusCode: 503, code: 'GATEWAY_STREAMS_FULL', message: 'Live updates are busy right now. Please try again later.' },
};

export interface StreamLimitOptions {
  platform: Platform;
  names: CookieNames;
  limits: StreamLimits;
  sessionCheckMs: number;
}

export function installStreamLimits(app: FastifyInstance, options: StreamLimitOptions): OpenStreams {
  const { platform, names } = options;
  const streams = createOpenStreams(options.limits);
  // Open event streams of this gateway process, read at scrape time; refusals counted by limit.
  const { meter } = platform.metrics;
  meter
    .createObservableGauge('civic.sse.streams.open', { description: 'Event streams (SSE) this gateway process holds open' })
    .addCallback((observer) => observer.observe(streams.size));
  const refusals = meter.createCounter('civic.sse.streams.refused', { description: 'Event streams refused by a stream limit (user, network, total)' });
  const stopWatching = watchStreamSessions({
    streams,
    sessions: platform.sessions,
    now: () => platform.clock.now().getTime(),
    everyMs: options.sessionCheckMs,
    logger: platform.logger,
  });
  app.addHook('onClose', async () => stopWatching());

  /** Counts the stream in, or answers its refusal (then resolves false). */
  const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    // Already settled: installSessionIdentity awaited it (and answered for a failed read).
    const identity = await sessionLookupOf(request);
    const sessionId = request.cookies[names.session];
    const userId = identity?.userId ?? null;
    const stream: OpenStream = {
      userId,
      network: clientNetworkOf(request.ip),
      sessionHash: userId !== null && sessionId ? sha256(sessionId) : null,
      // Closing the client's connection ends the stream all the way: Fastify destroys the piped
      // source with it (the service's writer when embedded, the upstream response when proxied).
      end: () => reply.raw.destroy(),
    };
    const refused = streams.tryAdd(stream);
    if (refused) {
      refusals.add(1, { reason: refused });
      const { statusCode, ...body } = REFUSALS[refused];
      reply.code(statusCode).send(body);
      return false;
    }
    reply.raw.once('close', () => streams.remove(stream));
    return true;
  };
  // A callback hook, so the requests that are not streams (nearly all) cost no promise here.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.stream) return done();
    // A refusal has answered: the chain stops there (a callback hook that sent does not call done).
    admit(request, reply).then((admitted) => admitted && done(), done);
  });
  return streams;
}
