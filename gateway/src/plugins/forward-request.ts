// Forwards one request to a service over a keep-alive undici pool. Answers are small JSON, so they
// are read whole and sent as one buffer; only an event stream (SSE) is piped through as a stream.
// Measured against @fastify/reply-from, which pipes every body: the gateway's CPU per request fell
// by about a third, the stream plumbing being most of a proxy's cost here.
//
// An event stream holds its upstream connection for as long as the client stays, so the route
// table's stream routes (and only they: a client's Accept header does not choose, since any request
// can carry it) get a pool of their own, so open streams never starve ordinary calls of the request
// pool's connections. That pool is capped at the gateway's total stream limit, which the gateway
// enforces before forwarding (plugins/stream-limits.ts), so a stream is refused rather than queued.
// Chunks are written on as they arrive (no buffering), and when the client goes, Fastify destroys
// the upstream body, which closes that upstream connection: the service sees its stream end.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';

/** Connection-level headers (RFC 9110 7.6.1) never cross a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

export type ForwardHeaders = Record<string, string>;

/** Streams get a comment line every 15 s (PRIORITIES_STREAM_HEARTBEAT_MS): an upstream silent for
 *  four of those is hung, and its stream is ended rather than held open for ever. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

export interface ForwarderOptions {
  connections?: number;
  streamConnections?: number;
  /** Tests shorten it; STREAM_IDLE_TIMEOUT_MS otherwise. */
  streamIdleTimeoutMs?: number;
}

const UPSTREAM_ANSWER_TIMEOUT_MS = 30_000;

export function createForwarder(origin: string, options: ForwarderOptions = {}) {
  // A service that accepts the connection and then says nothing is cut off after 30 s (a 503),
  // instead of undici's 5 minutes.
  const pool = new Pool(origin, {
    connections: options.connections ?? 128,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: UPSTREAM_ANSWER_TIMEOUT_MS,
    bodyTimeout: UPSTREAM_ANSWER_TIMEOUT_MS,
  });
  const streams = new Pool(origin, {
    connections: options.streamConnections ?? 5000,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: UPSTREAM_ANSWER_TIMEOUT_MS,
    bodyTimeout: options.streamIdleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS,
  });

  /** `stream`: the route is one of the table's event streams. */
  async function forward(request: FastifyRequest, reply: FastifyReply, extraHeaders: ForwardHeaders, { stream = false } = {}): Promise<FastifyReply> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    Object.assign(headers, extraHeaders);
    const body = Buffer.isBuffer(request.body) && request.method !== 'GET' && request.method !== 'HEAD' ? request.body : undefined;
    const answer = await (stream ? streams : pool).request({ path: request.url, method: request.method as 'GET', headers, body });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
    }
    if (String(answer.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      // A stream's connection is not reused: when it ends (the gateway closes), the socket goes too.
      reply.header('connection', 'close');
      return reply.send(answer.body);
    }
    return reply.send(Buffer.from(await answer.body.arrayBuffer()));
  }

  let streamsDestroyed: Promise<void> | undefined;
  /** Ends every open stream (their clients' responses end with them); call when the gateway closes. */
  const endStreams = () => (streamsDestroyed ??= streams.destroy());

  return {
    forward,
    endStreams,
    async close() {
      await Promise.all([pool.close(), endStreams()]);
    },
  };
}
