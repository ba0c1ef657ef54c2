// Forwards one request to a service over a keep-alive undici pool. Answers are small JSON, so they
// are read whole with the pool's dispatch callbacks and sent as one buffer, which cut the gateway's
// CPU per request by about a third against piping (docs/benchmarks.md). Only streams and downloads are piped.
//
// A service can never hang the gateway (UpstreamLimits): a slow connect, headers or body ends the
// request with a 504, an answer over the cap with a 502 (refused from its Content-Length when stated).
// Event streams are exempt from both, and ended by the stream idle timeout when silent.
//
// Stream routes (the route table's, never chosen by a client's Accept header) get a pool of their
// own, capped at the gateway's stream limit (plugins/stream-limits.ts), so open streams never starve
// ordinary calls; when the client goes, Fastify destroys the body, which aborts the upstream request.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Dispatcher, Pool } from 'undici';

/** Connection-level headers (RFC 9110 7.6.1) never cross a proxy. */
const HOP_BY_HOP = [
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
] as const;
const IS_HOP_BY_HOP = new Set<string>(HOP_BY_HOP);

export type ForwardHeaders = Record<string, string>;

/** Streams get a comment line every 15 s (PRIORITIES_STREAM_HEARTBEAT_MS): an upstream silent for
 *  four of those is hung, and its stream is ended rather than held open for ever. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

/** How long the gateway waits on a service, and how large an answer it takes from one. */
export interface UpstreamLimits {
  /** Opening a connection to the service. */
  connectTimeoutMs: number;
  /** From the request sent to the answer's headers. */
  headersTimeoutMs: number;
  /** Between two pieces of an answer's body (an idle timeout, reset by every chunk). */
  bodyTimeoutMs: number;
  /** The largest answer body, in bytes (event streams and the route table's downloads exempt). */
  maxResponseBytes: number;
}

export const DEFAULT_UPSTREAM_LIMITS: UpstreamLimits = {
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxResponseBytes: 16 * 1024 * 1024,
};

export interface ForwarderOptions {
  connections?: number;
  streamConnections?: number;
  /** Connections for the route table's downloads; default 16. */
  downloadConnections?: number;
  /** Tests shorten it; STREAM_IDLE_TIMEOUT_MS otherwise. */
  streamIdleTimeoutMs?: number;
  limits?: Partial<UpstreamLimits>;
}

/** The service took longer than the limits allow: the caller answers 504. */
export class UpstreamTimeout extends Error {
  constructor(readonly phase: 'connect' | 'headers' | 'body') {
    super(`upstream ${phase} timeout`);
    this.name = 'UpstreamTimeout';
  }
}

/** The service's answer exceeded maxResponseBytes: the caller answers 502. */
export class UpstreamAnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`upstream answer larger than ${limit} bytes`);
    this.name = 'UpstreamAnswerTooLarge';
  }
}

const TIMEOUT_PHASES: Record<string, UpstreamTimeout['phase']> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

/** undici's timeout errors as UpstreamTimeout; anything else unchanged. */
function classified(error: unknown): unknown {
  const phase = TIMEOUT_PHASES[(error as { code?: string } | null)?.code ?? ''];
  return phase ? new UpstreamTimeout(phase) : error;
}

const isEventStream = (headers: Record<string, string | string[] | undefined>) => String(headers['content-type'] ?? '').startsWith('text/event-stream');

export function createForwarder(origin: string, options: ForwarderOptions = {}) {
  const limits: UpstreamLimits = { ...DEFAULT_UPSTREAM_LIMITS, ...options.limits };
  const poolOf = (connections: number, bodyTimeout = limits.bodyTimeoutMs) =>
    new Pool(origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      connectTimeout: limits.connectTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout,
    });
  const pool = poolOf(options.connections ?? 128);
  // Downloads (large documents a client may read slowly) on a small pool of their own: slow readers
  // hold these connections, never the ones the service's other calls need.
  const downloads = poolOf(options.downloadConnections ?? 16);
  const streams = poolOf(options.streamConnections ?? 5000, options.streamIdleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS);

  /**
   * Sends the request on and answers the client with the service's answer. Rejects with
   * UpstreamTimeout, UpstreamAnswerTooLarge or undici's error before anything was sent to the
   * client; once an event stream has started, a failure ends that stream instead.
   * `stream`: the route is one of the table's event streams. `download`: one of its downloads, passed
   * through as it comes (no size cap) on the downloads' own pool.
   */
  function forward(request: FastifyRequest, reply: FastifyReply, extraHeaders: ForwardHeaders, { stream = false, download = false } = {}): Promise<void> {
    const headers: Record<string, string | string[]> = {};
    const incoming = request.headers;
    for (const name in incoming) {
      const value = incoming[name];
      if (value !== undefined && !IS_HOP_BY_HOP.has(name)) headers[name] = value;
    }
    for (const name in extraHeaders) headers[name] = extraHeaders[name]!;
    const method = request.method as Dispatcher.HttpMethod;
    const body = Buffer.isBuffer(request.body) && method !== 'GET' && method !== 'HEAD' ? request.body : undefined;

    return new Promise<void>((resolve, reject) => {
      let answerStatus = 0;
      let answerHeaders: Record<string, string | string[] | undefined> = {};
      let chunks: Buffer[] = [];
      let size = 0;
      /** Set when the answer is an event stream or a download being piped to the client. */
      let piped: Readable | undefined;

      const answer = (statusCode: number, headersOut: Record<string, string | string[] | undefined>) => {
        reply.code(statusCode);
        // A download's bytes pass unchanged, so its length stays true (a reader sees its progress and a
        // cut answer as cut); other answers are sent as the gateway frames them.
        const length = download ? headersOut['content-length'] : undefined;
        for (const name of HOP_BY_HOP) delete headersOut[name];
        if (length !== undefined) headersOut['content-length'] = length;
        reply.headers(headersOut);
      };

      (stream ? streams : download ? downloads : pool).dispatch(
        { path: request.url, method, headers, body },
        {
          onRequestStart() {},
          onResponseStart(controller, statusCode, responseHeaders) {
            answerStatus = statusCode;
            answerHeaders = responseHeaders;
            const eventStream = isEventStream(responseHeaders);
            if (eventStream || download) {
              piped = new Readable({
                read: () => controller.resume(),
                destroy: (error, callback) => {
                  // The client went (Fastify destroys the body it was sending): end the upstream request.
                  controller.abort(error ?? new Error('the client closed the stream'));
                  callback(error);
                },
              });
              answer(statusCode, responseHeaders);
              // A stream's connection is not reused: when it ends (the gateway closes), the socket goes too.
              if (eventStream) reply.header('connection', 'close');
              reply.send(piped);
              resolve();
              return;
            }
            const stated = Number(responseHeaders['content-length']);
            if (stated > limits.maxResponseBytes) controller.abort(new UpstreamAnswerTooLarge(limits.maxResponseBytes));
          },
          onResponseData(controller, chunk) {
            if (piped) {
              if (!piped.push(chunk)) controller.pause();
              return;
            }
            size += chunk.length;
            if (size > limits.maxResponseBytes) {
              chunks = [];
              controller.abort(new UpstreamAnswerTooLarge(limits.maxResponseBytes));
              return;
            }
            chunks.push(chunk);
          },
          onResponseEnd() {
            if (piped) {
              piped.push(null);
              return;
            }
            answer(answerStatus, answerHeaders);
            reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
            resolve();
          },
          onResponseError(_controller, error) {
            if (piped) piped.destroy(classified(error) as Error);
            else reject(classified(error));
          },
        },
      );
    });
  }

  let streamsDestroyed: Promise<void> | undefined;
  /** Ends every open stream (their clients' responses end with them); call when the gateway closes. */
  const endStreams = () => (streamsDestroyed ??= streams.destroy());

  return {
    forward,
    endStreams,
    async close() {
      // A download read slowly would hold the close up: it is cut, as streams are.
      await Promise.all([pool.close(), downloads.destroy(), endStreams()]);
    },
  };
}
