// The harness's cookie jar, alone and in a caller: Set-Cookie kept per name and path, removed by
// Max-Age=0 or a past Expires, expired on its clock, and sent back only where its path covers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import Fastify from 'fastify';
import { CookieJar } from '../../src/testing.ts';
import { serviceClient } from '../../src/testing/service-client.ts';

test('a Set-Cookie is kept, replaced by name and path, and removed by Max-Age=0 or a past Expires', () => {
  const jar = new CookieJar();
  jar.store(['pre=one; Path=/; HttpOnly; SameSite=Lax', 'sid=s1; Max-Age=2592000; Path=/; HttpOnly', 'device=d1; Path=/; Max-Age=31536000']);
  assert.deepEqual(
    [...jar],
    [
      ['pre', 'one'],
      ['sid', 's1'],
      ['device', 'd1'],
    ],
  );
  jar.store(['pre=two; Path=/']);
  assert.equal(jar.get('pre'), 'two', 'the same name and path replaces');
  jar.store(['sid=; Max-Age=0; Path=/']);
  assert.equal(jar.has('sid'), false, 'Max-Age=0 removes');
  jar.store(['device=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/']);
  assert.equal(jar.has('device'), false, 'an Expires in the past removes');
  jar.store(['sid=s2; Max-Age=0; Expires=Fri, 01 Jan 2100 00:00:00 GMT']);
  assert.equal(jar.has('sid'), false, 'Max-Age wins over Expires');
  jar.store(['sid=s3; Max-Age=-1']);
  assert.equal(jar.has('sid'), false);
  assert.equal(jar.header('/api/x'), 'pre=two');
});

test('a cookie goes only to the paths its Path covers; without a Path, the directory of the request that set it', () => {
  const jar = new CookieJar();
  jar.store(['wide=w; Path=/', 'api=a; Path=/api', 'slash=s; Path=/api/auth/']);
  jar.store(['dir=d'], '/api/auth/email/send-otp?x=1');
  assert.equal(jar.header('/'), 'wide=w');
  assert.equal(jar.header('/apix'), 'wide=w', '/api does not cover /apix');
  assert.equal(jar.header('/api'), 'api=a; wide=w');
  assert.equal(jar.header('/api/auth/user'), 'slash=s; api=a; wide=w');
  assert.equal(jar.header('/api/auth/email/verify-otp?y=2'), 'dir=d; slash=s; api=a; wide=w', 'the longest path first');
  jar.store(['api=b; Path=/api/auth']);
  assert.equal(jar.get('api'), 'b', 'two cookies of one name on two paths: the longer path');
  assert.equal(jar.header('/api/x'), 'api=a; wide=w');
  jar.delete('api');
  assert.equal(jar.header('/api/auth/x'), 'slash=s; wide=w');
});

test('a cookie expires on the jar clock: Max-Age counts from when it was set, Expires is a date', () => {
  let now = Date.parse('2026-03-01T12:00:00Z');
  const jar = new CookieJar(() => now);
  jar.store(['short=1; Max-Age=60', 'dated=1; Expires=Sun, 01 Mar 2026 13:00:00 GMT', 'session=1']);
  now += 59_999;
  assert.deepEqual(
    [...jar].map(([name]) => name),
    ['short', 'dated', 'session'],
  );
  now += 1;
  assert.deepEqual(
    [...jar].map(([name]) => name),
    ['dated', 'session'],
    'gone at its Max-Age',
  );
  now = Date.parse('2026-03-01T13:00:00Z');
  assert.equal(jar.header('/'), 'session=1', 'gone at its Expires; a cookie without either stays');
  jar.set('forged', 'x');
  assert.equal(jar.header('/'), 'session=1; forged=x');
});

test('each caller keeps its own cookies: set by one answer, sent with the next request, cleared by the service', async () => {
  const app = Fastify();
  const pre = randomUUID();
  app.get('/api/set', async (_request, reply) => {
    reply.header('set-cookie', [`pre=${pre}; Path=/; HttpOnly; SameSite=Lax`, 'scoped=only-under-api-auth; Max-Age=3600; Path=/api/auth']);
    return {};
  });
  // The Cookie header as received (the kit has no cookie parser of its own).
  app.get('/api/echo', async (request) => ({ cookie: request.headers.cookie ?? null }));
  app.get('/api/auth/echo', async (request) => ({ cookie: request.headers.cookie ?? null }));
  app.post('/api/clear', async (_request, reply) => {
    reply.header('set-cookie', 'pre=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    return {};
  });
  const identity = { userId: null, isAdmin: false, isBanned: false, ip: '10.0.0.1' };
  try {
    const one = serviceClient(app, identity, null);
    const other = serviceClient(app, identity, null);
    assert.equal((await one.get('/api/set')).status, 200);
    assert.equal(one.cookies.get('pre'), pre);
    assert.deepEqual((await one.get('/api/echo')).body, { cookie: `pre=${pre}` });
    assert.deepEqual((await one.get('/api/auth/echo')).body, { cookie: `scoped=only-under-api-auth; pre=${pre}` });
    assert.deepEqual((await other.get('/api/echo')).body, { cookie: null }, "another caller's jar is empty");
    assert.deepEqual(
      (await one.get('/api/echo', { headers: { cookie: 'pre=typed' } })).body,
      { cookie: 'pre=typed' },
      'a cookie header given replaces the jar',
    );
    await one.post('/api/clear');
    assert.equal(one.cookies.has('pre'), false);
    assert.deepEqual((await one.get('/api/echo')).body, { cookie: null });
  } finally {
    await app.close();
  }
});
