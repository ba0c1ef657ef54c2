// A refusal that lifts by itself says when: withRetryAt's time in the error body (retryAt and
// retryAfterSeconds from the service's clock) and in Retry-After; other errors carry neither.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { createError, installErrorHandlers, toErrorBody, withRetryAt } from '../../src/http/errors.ts';

const Cooldown = createError('TEST_COOLDOWN', '%s', 429);

test('the body and Retry-After give the time; seconds are rounded up and never negative', async () => {
  const now = new Date('2026-11-28T10:00:00.000Z');
  const error = withRetryAt(new Cooldown('Wait a while'), new Date('2026-11-29T09:12:00.500Z'), now);
  assert.deepEqual(toErrorBody(error), {
    status: 429,
    body: { message: 'Wait a while', code: 'TEST_COOLDOWN', retryAt: '2026-11-29T09:12:00.500Z', retryAfterSeconds: 83_521 },
  });
  assert.equal(toErrorBody(withRetryAt(new Cooldown('late'), new Date(now.getTime() - 5_000), now)).body.retryAfterSeconds, 0);
  assert.deepEqual(toErrorBody(new Cooldown('no time')).body, { message: 'no time', code: 'TEST_COOLDOWN' });

  const app = Fastify();
  installErrorHandlers(app);
  app.get('/refused', async () => {
    throw withRetryAt(new Cooldown('Wait a while'), new Date(now.getTime() + 90_000), now);
  });
  const answer = await app.inject({ method: 'GET', url: '/refused' });
  assert.equal(answer.statusCode, 429);
  assert.equal(answer.headers['retry-after'], '90');
  assert.equal(answer.json().retryAfterSeconds, 90);
  await app.close();
});
