// GET /api/docs: the OpenAPI document generated from contracts/ (built once, at start).
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@civic/contracts';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const document = buildOpenApiDocument();
  app.get('/api/docs', async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
}
