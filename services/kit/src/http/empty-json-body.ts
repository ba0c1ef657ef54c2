// A call with no payload may still say `Content-Type: application/json` (clients that send it on every
// state-changing call, spec 7), which Fastify's default parser refuses. Here an empty body is no
// body; anything else goes to Fastify's own parser (prototype poisoning still refused).
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
