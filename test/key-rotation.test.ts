// Key rotation (issue 21; docs/key-rotation.md), on both profiles: a deployment with today's plain
// identity key pair (IDENTITY_SIGNING_KEY, IDENTITY_PUBLIC_KEY), CSRF_SECRET and AUTH_CODE_KEY is
// restarted with a new current key and the old one still in each ring, then with the new key alone. What was made before the rotation keeps
// working while its key is in the ring, and is refused once it is not; sessions are opaque ids in
// the session store, untouched by either restart (distributed: Redis; the embedded profile keeps
// sessions in memory, so any restart of it signs everyone out, rotation or not).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { MIGRATIONS_DIR as AUTH_MIGRATIONS } from '@civic/auth';
import { SIGN_IN_MESSAGES } from '@civic/contracts';
import { createIdentitySigner, generateIdentityKeyPair } from '@civic/service-kit';
import type { ApiClient } from './support/api-client.ts';
import { profilePlan } from './support/infrastructure.ts';
import { useStack } from './support/integration-suite.ts';
import { requestCode, signIn } from './support/sign-in.ts';

let n = 0;
const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;
const secret = () => randomBytes(32).toString('base64url');
const VARIABLES = ['CSRF_SECRET', 'AUTH_CODE_KEY'] as const;
/** The identity keys as the two variables: the private ring, and the public ring of the same ids. */
const identityRing = (entries: [string, { privateKey: string; publicKey: string }][]) => ({
  IDENTITY_SIGNING_KEY: entries.map(([id, pair]) => (id ? `${id}:${pair.privateKey}` : pair.privateKey)).join(','),
  IDENTITY_PUBLIC_KEY: entries.map(([id, pair]) => (id ? `${id}:${pair.publicKey}` : pair.publicKey)).join(','),
});

/** A state-changing call with exactly this CSRF token: no fetch-a-new-token-and-retry (the client's rule would hide a refusal). */
function postWithToken(client: ApiClient, path: string, token: string, body?: unknown) {
  return client.request('POST', path, { body, csrf: false, headers: { 'x-csrf-token': token } });
}

/** The JSON log lines the stack's processes write. */
class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  entries() {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

for (const { profile, skip } of await profilePlan()) {
  describe(`key rotation (${profile})`, { skip }, () => {
    const old = Object.fromEntries(VARIABLES.map((name) => [name, secret()])) as Record<(typeof VARIABLES)[number], string>;
    const fresh = Object.fromEntries(VARIABLES.map((name) => [name, secret()])) as Record<(typeof VARIABLES)[number], string>;
    const [oldPair, freshPair] = [generateIdentityKeyPair(), generateIdentityKeyPair()];
    // Step 1 of docs/key-rotation.md: the new key first, with an id; the old plain key still accepted.
    const rotated = {
      ...Object.fromEntries(VARIABLES.map((name) => [name, `k2:${fresh[name]},${old[name]}`])),
      ...identityRing([
        ['k2', freshPair],
        ['', oldPair],
      ]),
    };
    // Step 2: once what the old key made has expired, the new key alone.
    const newOnly = { ...Object.fromEntries(VARIABLES.map((name) => [name, `k2:${fresh[name]}`])), ...identityRing([['k2', freshPair]]) };
    const allKeys = [...VARIABLES.flatMap((name) => [old[name], fresh[name]]), ...[oldPair, freshPair].flatMap((pair) => [pair.privateKey, pair.publicKey])];
    const logs = new LogCapture();
    const stack = useStack(profile, { services: ['auth'], env: { ...old, ...identityRing([['', oldPair]]), LOG_LEVEL: 'warn' }, logStream: logs });

    test('a rotation keeps sessions, CSRF tokens, mailed codes and identity tokens; removing the old key refuses what it made', async () => {
      const sessionsSurvive = profile === 'distributed';
      // Before: alice is signed in with a CSRF token bound to her session; bob and carol have a code
      // in their mail and a token bound to their pre-session cookie.
      const alice = stack.client();
      const aliceUser = await signIn(stack, alice, address('alice'));
      const aliceToken = await alice.fetchCsrfToken();
      assert.equal(aliceToken.split('.').length, 2, 'a plain key makes the tokens of before key ids');
      const bob = stack.client();
      const bobEmail = address('bob');
      const bobCode = await requestCode(stack, bob, bobEmail);
      const bobToken = bob.csrfToken!;
      const carol = stack.client();
      const carolCode = await requestCode(stack, carol, address('carol'));

      await stack.restart(rotated);

      if (sessionsSurvive) {
        const me = await alice.get('/api/auth/user');
        assert.equal(me.status, 200, `nobody is signed out by a rotation: ${me.text}`);
        assert.equal(me.body.id, aliceUser.id);
      }
      const aliceAgain = await postWithToken(alice, '/api/auth/email/send-otp', aliceToken, { email: address('alice-other') });
      assert.equal(aliceAgain.status, 200, `a session's CSRF token from before the rotation: ${aliceAgain.text}`);
      const bobVerified = await postWithToken(bob, '/api/auth/email/verify-otp', bobToken, { stateId: bobCode.stateId, otp: bobCode.code });
      assert.equal(bobVerified.status, 200, `a code mailed before the rotation, sent with a token from before it: ${bobVerified.text}`);
      const bobMe = await bob.get('/api/auth/user');
      assert.equal(bobMe.status, 200, bobMe.text);
      assert.equal(bobMe.body.email, bobEmail);
      const bobNewToken = await bob.fetchCsrfToken();
      assert.match(bobNewToken, /^k2\.[^.]+\.[^.]+$/, 'new tokens are made with the new key and name it');
      const afterCode = await requestCode(stack, stack.client(), address('dave'));
      assert.ok(afterCode.code, 'codes are still mailed');

      if (profile === 'distributed') {
        // A service, called around the gateway, accepts an identity token of either key and refuses
        // one naming a key id it does not hold (the gateway's own header is ignored when embedded).
        const direct = `${stack.serviceUrls.auth!}/api/csrf-token`;
        const identity = { userId: null, isAdmin: false, isBanned: false, ip: '127.0.0.1' };
        const withToken = (token: string) => fetch(direct, { headers: { 'x-civic-identity': token } });
        assert.equal((await withToken(createIdentitySigner(oldPair.privateKey)(identity, 'auth'))).status, 200, 'the previous key');
        assert.equal((await withToken(createIdentitySigner(rotated.IDENTITY_SIGNING_KEY)(identity, 'auth'))).status, 200, 'the current key');
        assert.equal((await withToken(createIdentitySigner(`k9:${freshPair.privateKey}`)(identity, 'auth'))).status, 401, 'an unknown key id');
        assert.equal((await withToken(createIdentitySigner(generateIdentityKeyPair().privateKey)(identity, 'auth'))).status, 401, 'a key of no ring');
      }

      // Two erased addresses, one remembered under the old key (no id) and one under k2: removing the
      // old code key forgets the first, and the auth service says so when it starts.
      const authDatabase = await stack.platforms.auth!.databases.open('auth', AUTH_MIGRATIONS);
      for (const hash of [randomBytes(32).toString('base64url'), `k2.${randomBytes(32).toString('base64url')}`]) {
        await authDatabase.driver.query('INSERT INTO auth.erased_addresses (address_hash, erased_at) VALUES ($1, now())', [hash]);
      }
      const warningsBefore = logs.lines.length;

      await stack.restart(newOnly);

      const forgotten = logs
        .entries()
        .slice(warningsBefore)
        .filter((entry) => typeof entry.msg === 'string' && entry.msg.includes('erased_addresses'));
      assert.deepEqual(
        forgotten.map((entry) => entry.erasedAddressesByKeyId),
        [{ default: 1 }],
        'one warning, counting the address of the removed key',
      );
      assert.ok(
        logs.lines.every((line) => allKeys.every((key) => !line.includes(key))),
        'no key is ever logged',
      );

      if (sessionsSurvive) {
        for (const [client, name] of [
          [alice, 'alice'],
          [bob, 'bob'],
        ] as const) {
          const me = await client.get('/api/auth/user');
          assert.equal(me.status, 200, `${name} is still signed in after the old key is removed: ${me.text}`);
        }
      }
      const refused = await postWithToken(alice, '/api/auth/email/send-otp', aliceToken, { email: address('alice-other') });
      assert.equal(refused.status, 403, 'a CSRF token of the removed key');
      assert.match(refused.text, /CSRF/, 'the answer the client fetches a new token on');
      const retried = await alice.post('/api/auth/email/send-otp', { email: address('alice-other') });
      assert.equal(retried.status, 200, `the client's one retry with a new token: ${retried.text}`);
      const carolToken = await carol.fetchCsrfToken();
      const carolRefused = await postWithToken(carol, '/api/auth/email/verify-otp', carolToken, { stateId: carolCode.stateId, otp: carolCode.code });
      assert.equal(carolRefused.status, 400, 'a code hashed with the removed key must be asked for again');
      assert.match(carolRefused.text, new RegExp(SIGN_IN_MESSAGES.invalidCode));
      const bobOut = await postWithToken(bob, '/api/auth/logout', bobNewToken);
      assert.equal(bobOut.status, 200, `a token of the new key: ${bobOut.text}`);
      assert.equal((await bob.get('/api/auth/user')).status, 401);

      if (profile === 'distributed') {
        const direct = `${stack.serviceUrls.auth!}/api/csrf-token`;
        const identity = { userId: null, isAdmin: false, isBanned: false, ip: '127.0.0.1' };
        const withToken = (token: string) => fetch(direct, { headers: { 'x-civic-identity': token } });
        assert.equal((await withToken(createIdentitySigner(oldPair.privateKey)(identity, 'auth'))).status, 401, 'the removed key');
        assert.equal((await withToken(createIdentitySigner(newOnly.IDENTITY_SIGNING_KEY)(identity, 'auth'))).status, 200, 'the current key');
      }
    });
  });
}
