// Builds a Fastify instance the way every process here needs it: request ids, zod validation,
// the shared error shape, bounded bodies, and logs that never carry secrets.
import { randomUUID } from 'node:crypto';
import { logContextOptions } from '../log-context.ts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PlatformConfig } from '../config.ts';
import { acceptEmptyJsonBodies } from './empty-json-body.ts';
import { installErrorHandlers } from './errors.ts';
import { pathOf } from './path-of.ts';
import { refuseNulCharacters } from './refuse-nul-characters.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
export const BODY_LIMIT_BYTES = 64 * 1024;

export function createHttpServer(
  config: Pick<PlatformConfig, 'LOG_LEVEL'>,
  options: {
    trustProxy?: false | string[] | ((address: string, hop: number) => boolean);
    trustRequestIdHeader?: boolean;
    logStream?: NodeJS.WritableStream;
    /** The service log lines name (a service's own process, or the distributed gateway). */
    service?: string;
  } = {},
) {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...logContextOptions(options.service),
      redact: {
        paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers["x-civic-identity"]', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      // The path without its query: a magic link's token (GET /?token=...) and search terms stay out of the logs (SECURITY 28).
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: pathOf(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Services take the gateway's request id; the gateway never takes one from a client.
    requestIdHeader: options.trustRequestIdHeader ? REQUEST_ID_HEADER : false,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // A service plugin opens its database and runs migrations while it registers; on a busy machine
    // PGlite's first start alone can take seconds, and a CI run under load once took over 60 s.
    pluginTimeout: 120_000,
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app as unknown as FastifyInstance);
  acceptEmptyJsonBodies(app as unknown as FastifyInstance);
  refuseNulCharacters(app as unknown as FastifyInstance);
  // Set as the request arrives (a callback hook, no promise per request), so every answer has it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  return app;
}

export type HttpServer = ReturnType<typeof createHttpServer>;
