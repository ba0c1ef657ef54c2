// Sessions and access through the gateway, on both profiles: SECURITY.md items 10-13, 28, and 6 (a
// mail scanner's GET of the link reaches the gateway's page; the rest of sign-in: sign-in/sign-in.test.ts).
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import pg from 'pg';
import { createIdentitySigner, generateIdentityKeyPair, ManualClock } from '@civic/service-kit';
import { databaseUrl } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { requestCode, signIn, wrongCode } from '../../../test/support/sign-in.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { MIGRATIONS_DIR } from '../src/app.ts';
import { startSession } from '../src/sessions/sessions.ts';

const DAY = 24 * 60 * 60 * 1000;
let n = 0;
const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;

/** Collects every log line the stack writes. */
class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  entries() {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

function sessionCookieLine(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
}

for (const { profile, skip } of await profilePlan()) {
  describe(`sessions and access (${profile})`, { skip }, () => {
    const clock = new ManualClock(new Date('2026-05-01T08:00:00Z'));
    const logs = new LogCapture();
    const stack = useStack(profile, { services: ['auth'], clock, logStream: logs, env: { LOG_LEVEL: 'info' } });

    if (profile === 'distributed') {
      test('SECURITY 11: a sign-in whose session starts while its account is being erased leaves no session', async () => {
        const user = await signIn(stack, stack.client(), address('erased-midway'));
        const platform = stack.platforms.auth!;
        const database = await platform.databases.open('auth', MIGRATIONS_DIR);
        const eraser = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}auth`) });
        await eraser.connect();
        try {
          // The erasure as auth's consumer runs it: the row deleted and the sessions revoked, not committed yet.
          const eraserPid = await backendPid(eraser);
          await eraser.query('BEGIN');
          await eraser.query('DELETE FROM auth.users WHERE id = $1::uuid', [user.id]);
          await platform.sessions.revokeUser(user.id);
          // The session of a sign-in that committed before the erasure began, started after its revoke-all.
          // The expectation is attached at once: the refusal can arrive as soon as the erasure commits,
          // before the line after the COMMIT runs (an unhandled rejection in between fails the test).
          const refused = assert.rejects(
            startSession(
              { db: database.driver, platform },
              { id: user.id, isAdmin: false, isBanned: false, isPending: false, standingVersion: 0, registered: false },
            ),
            /no longer exists/,
          );
          // The session's start waits for the erasure's row.
          await waitUntilBlocked(eraser, eraserPid);
          await eraser.query('COMMIT');
          await refused;
          assert.equal(await platform.sessions.revokeUser(user.id), 0, 'no session of the erased account is left');
        } finally {
          await eraser.end();
        }
      });
    }

    test('SECURITY 10: the session cookie is HttpOnly, SameSite=Lax, host-only, 256-bit, new at every sign-in', async () => {
      const client = stack.client();
      const { stateId, code } = await requestCode(stack, client, address('cookie'));
      const verified = await client.post('/api/auth/email/verify-otp', { stateId, otp: code });
      const line = sessionCookieLine(verified.headers)!;
      assert.ok(line, 'a session cookie is set');
      assert.match(line, /HttpOnly/i);
      assert.match(line, /SameSite=Lax/i);
      assert.doesNotMatch(line, /Domain=/i);
      assert.match(line, /Path=\//);
      assert.doesNotMatch(line, /Secure/i, 'plain http on localhost is local development');
      const first = client.cookies.get('sid')!;
      assert.ok(Buffer.from(first, 'base64url').length >= 16, 'at least 128 bits');

      clock.advance(31_000);
      const again = await requestCode(stack, client, address('cookie-again'));
      await client.post('/api/auth/email/verify-otp', { stateId: again.stateId, otp: again.code });
      const second = client.cookies.get('sid')!;
      assert.notEqual(second, first, 'a new id at every sign-in');
      const old = stack.client();
      old.cookies.set('sid', first);
      assert.equal((await old.get('/api/auth/user')).status, 401, 'the previous session ended');
    });

    test('SECURITY 10: sessions end after 30 days, checked on the server', async () => {
      const client = stack.client();
      await signIn(stack, client, address('lifetime'));
      clock.advance(29 * DAY);
      assert.equal((await client.get('/api/auth/user')).status, 200);
      clock.advance(DAY + 1000);
      assert.equal((await client.get('/api/auth/user')).status, 401);
    });

    test('SECURITY 11: after logout the session is refused everywhere', async () => {
      const client = stack.client();
      await signIn(stack, client, address('logout'));
      const sid = client.cookies.get('sid')!;
      const out = await client.post('/api/auth/logout');
      assert.equal(out.status, 200);
      assert.match(sessionCookieLine(out.headers) ?? '', /Expires=Thu, 01 Jan 1970|Max-Age=0/i);
      const replay = stack.client();
      replay.cookies.set('sid', sid);
      const me = await replay.get('/api/auth/user');
      assert.equal(me.status, 401);
      assert.match(`${me.status}: ${me.text}`, /^401: .*Unauthorized/);
    });

    test('logout sent with the JSON content type and an empty body works (spec 7: bodies are JSON)', async () => {
      const client = stack.client();
      await signIn(stack, client, address('bodiless'));
      const out = await client.request('POST', '/api/auth/logout', { rawBody: '', headers: { 'content-type': 'application/json' } });
      assert.equal(out.status, 200, out.text);
      assert.equal((await client.get('/api/auth/user')).status, 401, 'signed out');
    });

    test('SECURITY 12: an identity header from a client is ignored', async () => {
      const forged = createIdentitySigner(generateIdentityKeyPair().privateKey)(
        { userId: crypto.randomUUID(), isAdmin: true, isBanned: false, ip: '1.2.3.4' },
        'auth',
      );
      const client = stack.client();
      const me = await client.request('GET', '/api/auth/user', { headers: { 'x-civic-identity': forged } });
      assert.equal(me.status, 401);
    });

    test('SECURITY 12: a service called around the gateway, or with a token for another audience, answers 401', {
      skip: profile === 'embedded' && 'services have no port of their own when embedded',
    }, async () => {
      const direct = stack.serviceUrls.auth!;
      const bare = await fetch(`${direct}/api/auth/user`);
      assert.equal(bare.status, 401);
      const bareCsrf = await fetch(`${direct}/api/csrf-token`);
      assert.equal(bareCsrf.status, 401);
      const sign = createIdentitySigner(stack.env.IDENTITY_SIGNING_KEY!);
      const identity = { userId: crypto.randomUUID(), isAdmin: false, isBanned: false, ip: '127.0.0.1' };
      const wrongAudience = await fetch(`${direct}/api/auth/user`, { headers: { 'x-civic-identity': sign(identity, 'ledger') } });
      assert.equal(wrongAudience.status, 401);
      const wrongKey = createIdentitySigner(generateIdentityKeyPair().privateKey)(identity, 'auth');
      assert.equal((await fetch(`${direct}/api/auth/user`, { headers: { 'x-civic-identity': wrongKey } })).status, 401);
      // The right audience and key get through (to a user that does not exist: still 401, but from the route).
      const right = await fetch(`${direct}/api/csrf-token`, { headers: { 'x-civic-identity': sign(identity, 'auth') } });
      assert.equal(right.status, 200);
    });

    test('SECURITY 13: a missing or foreign CSRF token gets 403 mentioning CSRF and changes nothing', async () => {
      const client = stack.client();
      await client.fetchCsrfToken();
      const email = address('csrf');
      const missing = await client.request('POST', '/api/auth/email/send-otp', { body: { email }, csrf: false });
      assert.equal(missing.status, 403);
      assert.match(missing.text, /CSRF/);
      const other = stack.client();
      const foreignToken = await other.fetchCsrfToken();
      const foreign = await client.request('POST', '/api/auth/email/send-otp', {
        body: { email },
        csrf: false,
        headers: { 'x-csrf-token': foreignToken },
      });
      assert.equal(foreign.status, 403);
      assert.match(foreign.text, /CSRF/);
      assert.equal(await stack.countMails(email), 0, 'no mail was sent');
      // Logout is state-changing too: without the token the session survives.
      const signedIn = stack.client();
      await signIn(stack, signedIn, address('csrf-logout'));
      const logout = await signedIn.request('POST', '/api/auth/logout', { csrf: false });
      assert.equal(logout.status, 403);
      assert.equal((await signedIn.get('/api/auth/user')).status, 200);
    });

    test('SECURITY 13: no state change on GET', async () => {
      const client = stack.client();
      for (const path of ['/api/auth/logout', '/api/auth/email/send-otp?email=a@b.co', '/api/auth/email/verify-otp']) {
        const answer = await client.get(path);
        assert.equal(answer.status, 404, path);
      }
    });

    test('SECURITY 6: a GET of the magic-link address consumes nothing', async () => {
      const client = stack.client();
      const email = address('prefetch');
      await client.post('/api/auth/email/send-magic-link', { email });
      const { token, link } = await stack.readLatestMail(email);
      const prefetch = await fetch(new URL(new URL(link!).search, stack.baseUrl));
      await prefetch.text();
      assert.equal((await client.get(`/api/auth/email/verify-token?token=${token}`)).status, 404);
      assert.equal((await client.post('/api/auth/email/verify-token', { token })).status, 200);
    });

    test('SECURITY 28: sign-in successes and failures are logged with the request id, never the code or token', async () => {
      const client = stack.client();
      const email = address('logged');
      const { stateId, code } = await requestCode(stack, client, email);
      await client.post('/api/auth/email/verify-otp', { stateId, otp: wrongCode(code) });
      const ok = await client.post('/api/auth/email/verify-otp', { stateId, otp: code });
      const requestId = ok.headers.get('x-request-id');
      assert.ok(requestId);
      clock.advance(31_000);
      await client.post('/api/auth/email/send-magic-link', { email });
      const { token } = await stack.readLatestMail(email);
      // The browser opens the link (a GET of the landing page with ?token=), which then POSTs it.
      await client.get(`/?token=${token}`);
      await client.post('/api/auth/email/verify-token', { token });
      // A signed-in browser that has lost its pre-session cookie (its CSRF token is bound to the
      // session) verifying a code: refused by auth, and logged as a failure like any other.
      await client.fetchCsrfToken();
      client.cookies.delete('pre');
      // (csrf: false only stops the client's fetch-and-retry; the token is sent.)
      const refused = await client.request('POST', '/api/auth/email/verify-otp', {
        body: { stateId, otp: code },
        csrf: false,
        headers: { 'x-csrf-token': client.csrfToken! },
      });
      assert.equal(refused.status, 403, refused.text);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const entries = logs.entries();
      const successes = entries.filter((e) => e.event === 'sign_in_succeeded');
      const failures = entries.filter((e) => e.event === 'sign_in_failed');
      assert.ok(
        successes.some((e) => e.requestId === requestId),
        'the success names its request id',
      );
      assert.ok(failures.length >= 1 && failures.every((e) => typeof e.requestId === 'string'));
      assert.ok(
        failures.some((e) => e.reason === 'AUTH_CSRF_PRESESSION_MISSING'),
        'the refusal for a missing pre-session cookie is logged',
      );
      const all = logs.lines.join('\n');
      assert.ok(!all.includes(code), 'no code in the logs');
      assert.ok(!all.includes(token!), 'no token in the logs');
    });
  });
}
