// The gateway's own duties, on both profiles: security headers (SECURITY 27), bad input never
// a 5xx (SECURITY 29), rate limits (429), the OpenAPI document, and the route table's checks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Socket } from 'node:net';
import { profilePlan } from '../../test/support/infrastructure.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { useStack } from '../../test/support/integration-suite.ts';
import { assertNoDuplicateClaims, assertRouteOwned, claimCovers } from '../src/route-ownership.ts';
import { ROUTE_TABLE } from '../src/route-table.ts';
import { ZGatewayConfig } from '../src/config.ts';

function assertSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get('content-security-policy') ?? '';
  assert.match(csp, /object-src 'none'/, where);
  assert.match(csp, /base-uri 'none'/, where);
  assert.match(csp, /frame-ancestors 'none'/, where);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', where);
  assert.equal(headers.get('referrer-policy'), 'no-referrer', where);
}

describe('route table', () => {
  test('the table itself claims no path twice', () => {
    assert.doesNotThrow(() => assertNoDuplicateClaims(ROUTE_TABLE));
  });
  test('two services claiming one path is a start-up error', () => {
    assert.throws(
      () => assertNoDuplicateClaims([...ROUTE_TABLE, { service: 'rogue', patterns: ['/api/users/:userId/profile'] }]),
      /claimed by both account and rogue/,
    );
  });
  test('a service registering a path it was not given is a start-up error', () => {
    assert.doesNotThrow(() => assertRouteOwned(ROUTE_TABLE, 'auth', '/api/auth/email/send-otp'));
    assert.throws(() => assertRouteOwned(ROUTE_TABLE, 'auth', '/api/settings'), /does not give it/);
    assert.equal(claimCovers('/api/users/:id/profile', '/api/users/:userId/profile'), true);
    assert.equal(claimCovers('/api/priorities/*', '/api/priorities'), false);
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value: string) => ZGatewayConfig.safeParse({ TRUST_PROXY: value });
  test('off, one proxy, a number of proxies, or their addresses and ranges', () => {
    assert.equal(parse('').data?.TRUST_PROXY, false);
    assert.equal(parse('false').data?.TRUST_PROXY, false);
    assert.equal(parse('true').data?.TRUST_PROXY, 1);
    assert.equal(parse('2').data?.TRUST_PROXY, 2);
    assert.deepEqual(parse('10.0.0.0/8, 192.168.1.10,fd00::/8').data?.TRUST_PROXY, ['10.0.0.0/8', '192.168.1.10', 'fd00::/8']);
  });
  test('anything else is refused at start, with what is expected', () => {
    for (const value of ['yes', '10.0.0.0/33', 'lb.internal', '-1']) {
      const result = parse(value);
      assert.equal(result.success, false, value);
      assert.match(result.error!.issues[0]!.message, /a number of proxies/);
    }
  });
});

for (const { profile, skip } of await profilePlan()) {
  describe(`gateway (${profile})`, { skip }, () => {
    const stack = useStack(profile, { env: { RATE_LIMIT_SIGN_IN_VERIFY: '5', RATE_LIMIT_READ: '40', RATE_LIMIT_ACCOUNT_WRITE: '6' } });

    test('SECURITY 27: every response carries the security headers; no HSTS on local http', async () => {
      const client = stack.client();
      for (const response of [
        await client.get('/api/csrf-token'),
        await client.get('/api/auth/user'),
        await client.get('/api/nothing-here'),
        await client.post('/api/auth/email/send-otp', { email: 'x' }),
      ]) {
        assertSecurityHeaders(response.headers, String(response.status));
        assert.equal(response.headers.get('strict-transport-security'), null);
      }
    });

    test('SECURITY 29: malformed JSON, wrong types, unknown fields and oversized bodies get a 4xx with a message', async () => {
      const client = stack.client();
      const cases = [
        { rawBody: '{"email": ' },
        { rawBody: '[]' },
        { body: { email: 42 } },
        { body: { email: 'a@b.co', admin: true } },
        { body: { email: 'a@b.co'.padEnd(100_000, 'x') } },
        { rawBody: 'email=a@b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ];
      for (const options of cases) {
        const response = await client.request('POST', '/api/auth/email/send-otp', options);
        assert.ok(response.status >= 400 && response.status < 500, `${JSON.stringify(options).slice(0, 60)} -> ${response.status}`);
        assert.equal(typeof response.body?.message, 'string', response.text);
      }
      const big = await client.request('POST', '/api/auth/email/send-otp', { body: { email: 'a'.repeat(200_000) } });
      assert.equal(big.status, 413);
      const unknownField = await client.post('/api/auth/email/verify-otp', { stateId: crypto.randomUUID(), otp: '123456', extra: 1 });
      assert.equal(unknownField.status, 400);
    });

    test('unknown API paths answer 404 as JSON', async () => {
      const answer = await stack.client().get('/api/nothing-here');
      assert.equal(answer.status, 404);
      assert.equal(answer.body.message, 'Not Found');
    });

    test('abuse gets 429, never 5xx', async () => {
      const client = stack.client();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        statuses.push((await client.post('/api/auth/email/verify-otp', { stateId: crypto.randomUUID(), otp: '123456' })).status);
      }
      assert.deepEqual(statuses.slice(0, 5), [400, 400, 400, 400, 400]);
      assert.deepEqual(statuses.slice(5), [429, 429, 429]);
      const limited = await client.post('/api/auth/email/verify-otp', { stateId: crypto.randomUUID(), otp: '123456' });
      assert.match(limited.body.message, /Too many requests/);
      assert.ok(limited.headers.get('retry-after'));
    });

    test('a percent-encoded spelling of an API path meets the same CSRF guard and budgets (SECURITY 13, 26)', async () => {
      // The router decodes "%61" to "a" before matching, so these reach the auth service like their plain spelling.
      const client = stack.client();
      const unguarded = await client.request('POST', '/%61pi/priorities', { body: { title: 'x' }, csrf: false });
      assert.equal(unguarded.status, 403, unguarded.text);
      assert.match(unguarded.text, /Invalid or missing CSRF token/, 'the gateway refuses it before the service sees it');
      const spellings = ['/api/auth/email/verify-otp', '/%61pi/auth/email/verify-otp', '/api/auth/email/%76erify-otp', '/%61pi/%61uth/email/verify-otp'];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await client.post(spellings[i % spellings.length]!, { stateId: crypto.randomUUID(), otp: '123456' })).status);
      }
      assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429], 'every spelling counts against the sign-in verification budget of 5');
    });

    test("only the exact paths the route table exempts skip the CSRF guard (the mails' one-click unsubscribe)", async () => {
      const client = stack.client();
      const exempt = await client.request('POST', '/api/notifications/unsubscribe?token=x', { csrf: false });
      assert.doesNotMatch(exempt.text, /CSRF/, 'the unsubscribe link needs no CSRF token: its signed token is the authority');
      for (const path of ['/api/notifications/unsubscribe/', '/api/notifications/unsubscribex', '/api/notifications', '/api/daily-login']) {
        const guarded = await client.request('POST', path, { csrf: false });
        assert.match(guarded.text, /Invalid or missing CSRF token/, path);
      }
    });

    test('reads have their own budget (kept in the gateway replica, so no Redis round trip per read)', async () => {
      const client = stack.client();
      const statuses = [];
      for (let i = 0; i < 41; i++) statuses.push((await client.get('/api/auth/user')).status);
      assert.deepEqual(new Set(statuses.slice(0, 40)), new Set([401]));
      assert.equal(statuses[40], 429);
      assert.equal((await stack.client().get('/api/auth/user')).status, 401, 'another client is not affected');
    });

    test('per-IP budgets go by the address the trusted proxy saw, not the entries a client writes before it', async () => {
      // TRUST_PROXY=true here: one proxy in front, whose entry is the last one of X-Forwarded-For.
      const client = stack.client();
      const statuses: number[] = [];
      for (let i = 0; i < 41; i++) {
        const spoofed = { 'x-forwarded-for': `198.51.100.${i}, 10.77.0.1` };
        statuses.push((await client.request('GET', '/api/auth/user', { headers: spoofed })).status);
      }
      assert.deepEqual(new Set(statuses.slice(0, 40)), new Set([401]));
      assert.equal(statuses[40], 429, 'one client, whatever it writes in front of its address');
    });

    test('an IPv6 client is counted by its /64, whichever of its addresses it sends from', async () => {
      const client = stack.client();
      const from = (address: string) => client.request('GET', '/api/auth/user', { headers: { 'x-forwarded-for': address } });
      const statuses: number[] = [];
      for (let i = 0; i < 41; i++) statuses.push((await from(`2001:db8:77:1::${(i + 1).toString(16)}`)).status);
      assert.deepEqual(new Set(statuses.slice(0, 40)), new Set([401]));
      assert.equal(statuses[40], 429);
      assert.equal((await from('2001:db8:77:2::1')).status, 401, 'the next /64 is another client');
    });

    test('one account has one write budget, from however many addresses it writes (SECURITY 26)', async () => {
      const client = stack.client('203.0.113.80');
      await signIn(stack, client, `account-budget-${Date.now()}@example.com`);
      const voteFrom = (address: string) =>
        client.request('POST', `/api/priorities/${crypto.randomUUID()}/vote`, { body: { voteType: 'endorse' }, headers: { 'x-forwarded-for': address } });
      const statuses: number[] = [];
      // Six writes (the budget), alternating between two networks, then one from a third.
      for (let i = 0; i < 6; i++) statuses.push((await voteFrom(i % 2 === 0 ? '203.0.113.80' : '198.51.100.80')).status);
      assert.deepEqual(new Set(statuses), new Set([404]), 'within the budget: the service answers (no such priority)');
      const refused = await voteFrom('192.0.2.80');
      assert.equal(refused.status, 429);
      assert.match(refused.body.message, /^You have made too many changes in the last minute\. Please wait \d+ seconds and try again\.$/);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      // Reads are not writes; another account from the same network still writes.
      assert.equal((await client.request('GET', '/api/auth/user', { headers: { 'x-forwarded-for': '192.0.2.80' } })).status, 200);
      const other = stack.client('203.0.113.80');
      await signIn(stack, other, `account-budget-other-${Date.now()}@example.com`);
      assert.equal((await other.post(`/api/priorities/${crypto.randomUUID()}/vote`, { voteType: 'endorse' })).status, 404);
    });

    test('a signed-in write costs the gateway two Redis round trips: the session read with the network budget, then the account budget', {
      skip: profile === 'embedded' && 'no Redis when embedded',
    }, async () => {
      const client = stack.client('203.0.113.77');
      await signIn(stack, client, `one-round-trip-${Date.now()}@example.com`);
      const vote = () => client.post(`/api/priorities/${crypto.randomUUID()}/vote`, { voteType: 'endorse' });
      // The first write loads the rate limit's script into Redis (a round trip of its own once).
      assert.equal((await vote()).status, 404);
      // ioredis writes each pipeline it sends with one write on its socket.
      const socket = (stack.gatewayPlatform.redis as unknown as { stream: Socket }).stream;
      const write = socket.write;
      let writes = 0;
      socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
        writes++;
        return write.apply(this, args);
      } as Socket['write'];
      try {
        const answer = await vote();
        assert.equal(answer.status, 404, answer.text);
      } finally {
        socket.write = write;
      }
      // The account's budget needs the user id the session read answers, so it cannot join that trip.
      assert.equal(writes, 2, 'the session GET and the network budget went to Redis together, the account budget after');
    });

    test('GET /api/docs is the OpenAPI document generated from contracts', async () => {
      const docs = await stack.client().get('/api/docs');
      assert.equal(docs.status, 200);
      assert.equal(docs.body.openapi, '3.1.0');
      const sendOtp = docs.body.paths['/api/auth/email/send-otp'].post;
      assert.deepEqual(sendOtp.requestBody.content['application/json'].schema.required, ['email']);
      assert.ok(docs.body.paths['/api/auth/user'].get.responses['401']);
    });
  });
}

describe('gateway outside local development', () => {
  const stack = useStack('embedded', { services: ['auth'], env: { PUBLIC_ORIGIN: 'https://civic.example.org' } });

  test('SECURITY 27: HSTS is sent; SECURITY 10: cookies are __Host- and Secure', async () => {
    const client = stack.client();
    const answer = await client.get('/api/csrf-token');
    assert.match(answer.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('__Host-pre='));
    assert.ok(cookie, 'the pre-session cookie has the __Host- prefix');
    assert.match(cookie, /; Secure/i);
    assert.match(cookie, /Path=\//);
    assert.doesNotMatch(cookie, /Domain=/i);
  });
});
