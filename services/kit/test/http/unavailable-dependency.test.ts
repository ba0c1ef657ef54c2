// A request that needs a dependency which is away (database, Redis, a request/reply peer) gets a
// clear 503 the client may retry, never a 500 with a stack; any other failure stays a plain 500.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { createHttpServer } from '../../src/http/create-http-server.ts';
import { SERVICE_UNAVAILABLE } from '../../src/http/errors.ts';

test('a refused database connection is a 503 with a message and Retry-After; a bug is still a generic 500', async () => {
  const server = createHttpServer({ LOG_LEVEL: 'silent' });
  // Nothing listens on port 1: node-postgres fails as it does when PostgreSQL is down.
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
  server.get('/needs-database', async () => pool.query('SELECT 1'));
  server.get('/has-a-bug', async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id')");
  });
  try {
    const unavailable = await server.inject({ method: 'GET', url: '/needs-database' });
    assert.equal(unavailable.statusCode, 503);
    assert.deepEqual(unavailable.json(), { message: SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
    assert.equal(unavailable.headers['retry-after'], '5');
    assert.doesNotMatch(unavailable.body, /ECONNREFUSED|127\.0\.0\.1/, 'nothing internal leaks');

    const bug = await server.inject({ method: 'GET', url: '/has-a-bug' });
    assert.equal(bug.statusCode, 500);
    assert.deepEqual(bug.json(), { message: 'Internal Server Error' });
  } finally {
    await pool.end();
    await server.close();
  }
});
