// A bodiless call sent with the JSON content type is a call without a body, not malformed JSON;
// bad JSON and poisoned JSON are still refused, and a route that needs a body still says so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { createHttpServer } from '../../src/http/create-http-server.ts';

async function app() {
  const server = createHttpServer({ LOG_LEVEL: 'silent' });
  server.post('/logout', async (request) => ({ body: request.body ?? null }));
  server.post('/things', { schema: { body: z.object({ title: z.string({ error: 'Title is required' }) }) } }, async (request) => request.body);
  await server.ready();
  return server;
}

const json = { 'content-type': 'application/json' };

test('an empty body with the JSON content type is no body, with or without a charset', async () => {
  const server = await app();
  for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
    const answer = await server.inject({ method: 'POST', url: '/logout', headers: { 'content-type': contentType }, payload: '' });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.deepEqual(answer.json(), { body: null });
  }
  await server.close();
});

test('a route that needs a body answers 400 with its validation message, not a parser error', async () => {
  const server = await app();
  const answer = await server.inject({ method: 'POST', url: '/things', headers: json, payload: '' });
  assert.equal(answer.statusCode, 400, answer.body);
  assert.notEqual(answer.json().message, 'Malformed JSON body');
  const valid = await server.inject({ method: 'POST', url: '/things', headers: json, payload: '{"title":"A title"}' });
  assert.equal(valid.statusCode, 200, valid.body);
  assert.deepEqual(valid.json(), { title: 'A title' });
  await server.close();
});

test('malformed and poisoned JSON are still refused with 400', async () => {
  const server = await app();
  for (const payload of ['{"title":', ' ', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
    const answer = await server.inject({ method: 'POST', url: '/logout', headers: json, payload });
    assert.equal(answer.statusCode, 400, `${JSON.stringify(payload)}: ${answer.body}`);
  }
  await server.close();
});
