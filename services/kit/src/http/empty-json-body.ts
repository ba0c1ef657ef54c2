// A call that carries no payload (logout, promote, daily login, follow, block, a DELETE) may still
// say `Content-Type: application/json`: clients that put the JSON content type on every
// state-changing call (spec 7, "Bodies are JSON with a JSON content type") send exactly that.
// Fastify's default parser refuses an empty JSON body (FST_ERR_CTP_EMPTY_JSON_BODY), which made such
// calls a 400 "Request body must not be empty". Here an empty body is no body; anything else goes to
// Fastify's own parser (prototype and constructor poisoning still refused), so a route that needs a
// body still answers with its validation message.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  // The server's own poisoning rules (Fastify's defaults: 'error' for both).
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (text.length === 0) done(null, undefined);
    else parseJson(request, text, done);
  });
}
