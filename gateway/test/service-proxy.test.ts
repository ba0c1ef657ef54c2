// The distributed proxy on its own: answers pass through unchanged, hop-by-hop headers do not,
// and a service that cannot be reached answers 503 with a message (never a bare 500).
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerServiceProxies } from '../src/plugins/service-proxy.ts';

describe('service proxy', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  before(async () => {
    upstream = Fastify();
    upstream.post('/api/auth/echo', async (request, reply) =>
      reply.code(201).header('x-upstream', 'yes').send({ body: request.body, identity: request.headers['x-civic-identity'] }),
    );
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    gateway = Fastify();
    await registerServiceProxies(gateway, {
      table: [
        { service: 'auth', patterns: ['/api/auth/*'] },
        { service: 'ledger', patterns: ['/api/daily-login'] },
      ],
      upstreams: { auth: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`, ledger: 'http://127.0.0.1:9' },
    });
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  test('a request and its answer pass through byte for byte', async () => {
    const answer = await gateway.inject({
      method: 'POST',
      url: '/api/auth/echo',
      headers: { 'content-type': 'application/json', connection: 'keep-alive', 'x-civic-identity': 'token' },
      payload: '{"email":"a@b.co"}',
    });
    assert.equal(answer.statusCode, 201);
    assert.equal(answer.headers['x-upstream'], 'yes');
    assert.deepEqual(answer.json(), { body: { email: 'a@b.co' }, identity: 'token' });
  });

  test('an unreachable service answers 503 with a message', async () => {
    const answer = await gateway.inject({ method: 'POST', url: '/api/daily-login' });
    assert.equal(answer.statusCode, 503);
    assert.equal(answer.json().message, 'Service temporarily unavailable');
  });
});
