// The distributed proxy on its own: answers pass through unchanged, hop-by-hop headers do not,
// a service that cannot be reached answers 503 with a message (never a bare 500), and only the
// table's stream routes use the stream pool, whatever the client's Accept header says, where a
// stream whose service goes silent is ended. A service too slow to answer gives 504 and one whose
// answer is over the size cap 502, each with a message; event streams are exempt from the cap.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { request as httpRequest } from 'undici';
import { registerServiceProxies } from '../src/plugins/service-proxy.ts';

describe('service proxy', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  before(async () => {
    upstream = Fastify();
    upstream.post('/api/auth/echo', async (request, reply) =>
      reply.code(201).header('x-upstream', 'yes').send({ body: request.body, identity: request.headers['x-civic-identity'] }),
    );
    // Which upstream connection carried a request: each pool has its own connections.
    upstream.get('/api/priorities/*', async (request) => ({ connection: request.socket.remotePort }));
    // A stream that says hello and then nothing, not even heartbeats: a hung service.
    upstream.get('/api/priorities/silent', async (_request, reply) => {
      const body = new PassThrough();
      body.write(': connected\n\n');
      return reply.header('content-type', 'text/event-stream').send(body);
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
    gateway = Fastify();
    await registerServiceProxies(gateway, {
      table: [
        { service: 'auth', patterns: ['/api/auth/*'] },
        { service: 'ledger', patterns: ['/api/daily-login'] },
        { service: 'priorities', patterns: ['/api/priorities/*'], streams: ['/api/priorities/stream', '/api/priorities/silent'] },
      ],
      upstreams: { auth: origin, ledger: 'http://127.0.0.1:9', priorities: origin },
      streamIdleTimeoutMs: 300,
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

  test('only stream routes use the stream pool: an Accept header does not choose it', async () => {
    const connectionOf = async (url: string, headers: Record<string, string> = {}) => {
      const answer = await gateway.inject({ method: 'GET', url, headers });
      assert.equal(answer.statusCode, 200);
      // The pool marks a connection free again a tick after its answer: let it, so the next call
      // can reuse it rather than open another.
      await new Promise((resolve) => setImmediate(resolve));
      return (answer.json() as { connection: number }).connection;
    };
    const ordinary = await connectionOf('/api/priorities/list');
    // The same idle keep-alive connection of the request pool carries the next ordinary call, even
    // one asking for an event stream; the stream route gets a connection of the stream pool.
    assert.equal(await connectionOf('/api/priorities/list', { accept: 'text/event-stream' }), ordinary);
    assert.notEqual(await connectionOf('/api/priorities/stream'), ordinary);
    assert.equal(await connectionOf('/api/priorities/list'), ordinary);
  });

  test('a stream whose service goes silent is ended after the idle timeout', async () => {
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const answer = await httpRequest(`http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/api/priorities/silent`);
    assert.equal(answer.statusCode, 200);
    let timer: NodeJS.Timeout | undefined;
    const read = (async () => {
      for await (const _chunk of answer.body) void _chunk;
    })().catch(() => undefined); // cut off: an aborted body is the expected end
    try {
      await Promise.race([read, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the silent stream was still open after 5 s')), 5000)))]);
    } finally {
      clearTimeout(timer);
      answer.body.destroy();
    }
  });
});

describe('service proxy limits', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  /** Answers still held open by the upstream, released when the test ends. */
  const held: PassThrough[] = [];
  const CAP = 4096;
  before(async () => {
    upstream = Fastify();
    // Never answers (until the test releases it): headers do not come.
    upstream.get('/api/priorities/hang', async (_request, reply) => {
      const body = new PassThrough();
      held.push(body);
      await new Promise<void>((resolve) => body.once('close', resolve));
      return reply.send('too late');
    });
    // Headers at once, then a body that stops halfway.
    upstream.get('/api/priorities/stall', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      reply.raw.write('{"partial":');
      const body = new PassThrough();
      held.push(body);
      body.once('close', () => reply.raw.destroy());
    });
    upstream.get('/api/priorities/small', async () => ({ items: 'x'.repeat(CAP - 100) }));
    // Over the cap, stated up front (Content-Length) and not (chunked, no length).
    upstream.get('/api/priorities/large', async () => ({ items: 'x'.repeat(CAP * 2) }));
    upstream.get('/api/priorities/large-chunked', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 8; i++) reply.raw.write('x'.repeat(CAP / 2));
      reply.raw.end();
    });
    // An event stream longer than the cap: streams are exempt.
    upstream.get('/api/priorities/stream', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 8; i++) reply.raw.write(`data: ${'y'.repeat(CAP / 2)}\n\n`);
      reply.raw.end();
    });
    // A download of the table (as the published snapshots), chunked and far over the cap.
    upstream.get('/api/priorities/documents/:id', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 64; i++) reply.raw.write('z'.repeat(CAP));
      reply.raw.end();
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
    gateway = Fastify();
    await registerServiceProxies(gateway, {
      table: [{ service: 'priorities', patterns: ['/api/priorities/*'], streams: ['/api/priorities/stream'], downloads: ['/api/priorities/documents/:id'] }],
      upstreams: { priorities: origin },
      limits: { headersTimeoutMs: 300, bodyTimeoutMs: 300, maxResponseBytes: CAP },
    });
  });
  after(async () => {
    for (const body of held) body.destroy();
    await gateway?.close();
    await upstream?.close();
  });

  test('a service that does not answer gives 504 with a message, not a hang', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/api/priorities/hang' });
    assert.equal(answer.statusCode, 504);
    assert.equal(answer.json().code, 'GATEWAY_UPSTREAM_TIMEOUT');
    assert.match(answer.json().message, /took too long/);
  });

  test('a body that stops arriving gives 504, and nothing of it reaches the client', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/api/priorities/stall' });
    assert.equal(answer.statusCode, 504);
    assert.equal(answer.json().code, 'GATEWAY_UPSTREAM_TIMEOUT');
  });

  test('an answer within the cap passes whole', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/api/priorities/small' });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.json().items.length, CAP - 100);
  });

  test('an answer over the cap gives 502 with a message, with or without a Content-Length', async () => {
    for (const url of ['/api/priorities/large', '/api/priorities/large-chunked']) {
      const answer = await gateway.inject({ method: 'GET', url });
      assert.equal(answer.statusCode, 502, url);
      assert.equal(answer.json().code, 'GATEWAY_UPSTREAM_TOO_LARGE', url);
      assert.match(answer.json().message, /more than the gateway accepts/);
    }
    // The pool still serves the next call.
    assert.equal((await gateway.inject({ method: 'GET', url: '/api/priorities/small' })).statusCode, 200);
  });

  test('a download of the route table passes through whole, past the cap, and the pool serves the next call', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/api/priorities/documents/1' });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.payload.length, CAP * 64);
    assert.notEqual(answer.headers.connection, 'close', 'a download keeps its connection');
    assert.equal((await gateway.inject({ method: 'GET', url: '/api/priorities/small' })).statusCode, 200);
  });

  test('an event stream is exempt from the cap', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/api/priorities/stream' });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.payload.split('\n\n').filter(Boolean).length, 8);
    assert.ok(answer.payload.length > CAP);
  });
});
