// A NUL character anywhere in a query, a JSON body or a path parameter is a 400 before any handler
// runs (PostgreSQL text cannot hold it: it would otherwise surface as a 500).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHttpServer } from '../../src/http/create-http-server.ts';
import { NUL_CHARACTER_MESSAGE } from '../../src/http/refuse-nul-characters.ts';

async function app() {
  const server = createHttpServer({ LOG_LEVEL: 'silent' });
  let handled = 0;
  server.post('/things', async (request) => (handled++, request.body));
  server.get('/things/:id', async (request) => (handled++, { params: request.params, query: request.query }));
  await server.ready();
  return { server, handled: () => handled };
}

test('NUL in a query, a body (at any depth, in a key too) or a path parameter is refused with 400', async () => {
  const { server, handled } = await app();
  const refused = [
    await server.inject({ method: 'GET', url: '/things/1?search=%00' }),
    await server.inject({ method: 'GET', url: '/things/a%00b' }),
    await server.inject({ method: 'POST', url: '/things', payload: { title: 'aaaaaaaaaa\u0000' } }),
    await server.inject({ method: 'POST', url: '/things', payload: { profile: { links: ['https://a.com/\u0000'] } } }),
    await server.inject({ method: 'POST', url: '/things', payload: { 'key\u0000': 1 } }),
  ];
  for (const answer of refused) {
    assert.equal(answer.statusCode, 400, answer.body);
    assert.equal(answer.json().message, NUL_CHARACTER_MESSAGE);
  }
  assert.equal(handled(), 0, 'no handler ran');
  await server.close();
});

test('everything else passes, other control characters and escapes included', async () => {
  const { server, handled } = await app();
  const body = { title: 'tab\there, newline\n, a literal \\u0000, and ünïcödé', n: 0, nested: [{ ok: true }] };
  const answer = await server.inject({ method: 'POST', url: '/things', payload: body });
  assert.equal(answer.statusCode, 200, answer.body);
  assert.deepEqual(answer.json(), body);
  assert.equal((await server.inject({ method: 'GET', url: '/things/1?search=%2500' })).statusCode, 200);
  assert.equal(handled(), 2);
  await server.close();
});
