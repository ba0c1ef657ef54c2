// While Redis (the session store) is away, a client with a session cookie still gets what anyone may
// get: the gateway cannot tell whose the cookie is, so the request goes on as a visitor's
// (session-identity.ts). Public routes answer (the pages, /api/csrf-token; spec 2: every other API
// read needs a signed-in user); a route that needs the user answers 503 with Retry-After, never 401,
// which the front end would take for "signed out". When Redis is back the session is the user's again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ApiClient } from '../../test/support/api-client.ts';
import { profilePlan } from '../../test/support/infrastructure.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { startStack, type Stack } from '../../test/support/stack.ts';
import { address } from '../../test/support/test-users.ts';

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;
/** Every request of this test is answered within this, Redis or not (commands fail within ~2 s). */
const ANSWER_BOUND_MS = 10_000;

let stack: Stack;
let member: ApiClient;

before(async () => {
  if (distributed.skip) return;
  stack = await startStack('distributed', { persistentRedis: true, frontends: true });
  member = stack.client();
  member.timeoutMs = ANSWER_BOUND_MS;
  await signIn(stack, member, address('redis-outage'));
});

after(async () => {
  await stack?.infrastructure?.redis.start().catch(() => {});
  await stack?.close();
});

test('Redis down: public routes answer a client with a session cookie; routes that need the user answer 503 with Retry-After', {
  skip: distributed.skip,
  timeout: 60_000,
}, async () => {
  await stack.infrastructure!.redis.stop();
  try {
    // Public: the landing page and the CSRF token (before, the failed session read made these 503s too).
    for (const path of ['/', '/api/csrf-token']) {
      const answer = await member.get(path);
      assert.equal(answer.status, 200, `${path} with a session cookie: ${answer.text.slice(0, 300)}`);
    }
    // Routes that need the user: 503 with Retry-After, named as the session store's outage.
    for (const path of ['/api/auth/user', '/api/priorities?limit=10', '/api/issues']) {
      const answer = await member.get(path);
      assert.equal(answer.status, 503, `${path} while the session store is away: ${answer.text}`);
      assert.equal(answer.headers.get('retry-after'), '5', path);
      assert.equal(answer.body.code, 'KIT_SESSION_UNAVAILABLE', path);
      assert.match(answer.body.message, /temporarily unavailable/, path);
    }

    // A visitor without a cookie is answered as before: public reads, 401 where a user is needed.
    const visitor = stack.client();
    visitor.timeoutMs = ANSWER_BOUND_MS;
    assert.equal((await visitor.get('/api/csrf-token')).status, 200);
    assert.equal((await visitor.get('/api/priorities?limit=10')).status, 401);
    assert.equal((await visitor.get('/api/auth/user')).status, 401);
  } finally {
    await stack.infrastructure!.redis.start();
  }

  // Back: the same cookie is the same user again (bounded: ioredis reconnects within ~1 s).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const me = await member.get('/api/auth/user');
    if (me.status === 200) break;
    assert.ok(Date.now() < deadline, `the session after Redis's return: ${me.status} ${me.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
