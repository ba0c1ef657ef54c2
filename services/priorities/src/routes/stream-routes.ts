// GET /api/priorities/stream: live rankings as Server-Sent Events, for signed-in users (the
// contract is beside PRIORITY_STREAM_PATH in contracts/src/priorities/http.ts). The answer is a
// stream Fastify pipes to the client; when the client goes, Fastify destroys it and it leaves the
// set of open streams. Through the gateway (distributed), the gateway pipes it on chunk by chunk
// and a client that goes closes the upstream request too.
import { PRIORITY_STREAM_PATH } from '@civic/contracts';
import type { FastifyInstance } from 'fastify';
import type { LiveRankings } from '../live/live-rankings.ts';

export async function streamRoutes(app: FastifyInstance, { live }: { live: LiveRankings }) {
  app.get(PRIORITY_STREAM_PATH, { config: { auth: 'user' } }, async (_request, reply) => {
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      // nginx and similar proxies would otherwise buffer the stream.
      .header('x-accel-buffering', 'no')
      // A stream's connection is never reused: when the stream ends (the service closes), the
      // connection goes too, rather than idling until its keep-alive timeout holds up the close.
      .header('connection', 'close');
    return reply.send(live.open());
  });
}
