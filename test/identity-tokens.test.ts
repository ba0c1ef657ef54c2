// SECURITY 33 (issue 35 item 9), on both profiles: only the gateway can sign an identity. A token
// signed with any other key (a service's own, the public key used as an HMAC secret) is refused by
// every service, as is a genuine token addressed to another service; a request/reply subject answers
// only the callers its contract names (rpc.auth.user_directory: the admin service), checked by the
// responder on both transports and, distributed, by the NATS server before it ever reaches one.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AUTH_REQUESTS } from '@civic/contracts';
import {
  createIdentitySigner,
  generateIdentityKeyPair,
  type Identity,
  IDENTITY_HEADER,
  IDENTITY_SIGN_OPTIONS,
  type Platform,
  SERVICE_IDENTITY,
} from '@civic/service-kit';
import { wireSubjectFor } from '@civic/service-kit/events';
import { generateIdentityKeyEnv } from '../infra/identity-key-env.ts';
import { profilePlan } from './support/infrastructure.ts';
import { useStack } from './support/integration-suite.ts';

const chief: Identity = { userId: '0b7c5a1e-2f4d-4c3b-9a8e-1d2c3b4a5f60', isAdmin: true, isBanned: false, ip: '127.0.0.1' };
/** A GET each service answers an administrator (200) and refuses without a valid identity (401). */
const ROUTES = { auth: '/api/csrf-token', ledger: '/api/political-capital/transactions', admin: '/api/admin/settings' } as const;
const PAGE = { afterId: null, limit: 10 };

/** A JWT signed with HMAC-SHA256 and `secret`, as a forger holding only the public key would make one. */
function hs256(secret: string, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, iss: IDENTITY_SIGN_OPTIONS.iss, iat: now, exp: now + 60 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** NATS as the user the platform's service runs as. */
function connectAs(platform: Platform): Promise<NatsConnection> {
  const { NATS_URL, NATS_USER, NATS_PASSWORD } = platform.config;
  return connect({ servers: NATS_URL!, user: NATS_USER, pass: NATS_PASSWORD, ...(NATS_USER ? { inboxPrefix: `_INBOX_${NATS_USER}` } : {}) });
}

for (const { profile, skip } of await profilePlan()) {
  describe(`identity tokens and request callers (${profile})`, { skip }, () => {
    // The embedded profile is given its pair too, so the test knows the public key a forger would.
    const keys = generateIdentityKeyEnv();
    const stack = useStack(profile, { services: ['auth', 'ledger', 'admin'], env: keys });

    test("a token signed with any key but the gateway's is refused by every service (401); a genuine one for another audience too", async (t) => {
      if (profile === 'embedded') {
        // One process: the services are reached only through the gateway, which discards a client's
        // identity header; a forged administrator's token sent to it gains nothing.
        const forged = createIdentitySigner(generateIdentityKeyPair().privateKey)(chief, 'admin');
        const answer = await stack.client().request('GET', ROUTES.admin, { headers: { [IDENTITY_HEADER]: forged } });
        assert.equal(answer.status, 401, answer.text);
        return;
      }
      const genuine = createIdentitySigner(keys.IDENTITY_SIGNING_KEY);
      for (const [service, path] of Object.entries(ROUTES)) {
        const call = (token: string) => fetch(`${stack.serviceUrls[service]!}${path}`, { headers: { [IDENTITY_HEADER]: token } });
        const claims = { sub: chief.userId, adm: true, ban: false, ip: chief.ip, aud: service };
        const forgeries: [string, string][] = [
          // What a compromised service could make: a key pair of its own.
          ['another Ed25519 key', createIdentitySigner(generateIdentityKeyPair().privateKey)(chief, service)],
          // The public key every service holds, used as an HMAC secret (algorithm confusion).
          ['HS256 with the public key', hs256(keys.IDENTITY_PUBLIC_KEY, claims)],
          ['a genuine token for another service', genuine(chief, service === 'auth' ? 'ledger' : 'auth')],
        ];
        for (const [what, token] of forgeries) assert.equal((await call(token)).status, 401, `${service}: ${what}`);
        const answer = await call(genuine(chief, service));
        assert.equal(answer.status, 200, `${service}: the gateway's own token: ${await answer.text()}`);
      }
      t.diagnostic('every forgery refused by auth, ledger and admin');
    });

    test('rpc.auth.user_directory answers the admin service only; the in-process and NATS responders check the caller', async () => {
      // Distributed: asked through the operator's NATS user, which may publish any subject, so the
      // responder's own check is what refuses (the server's comes in the next test).
      const asker = await stack.adminPlatform();
      for (const caller of ['social', 'ledger', 'auth']) {
        await assert.rejects(
          asker.requests.request(AUTH_REQUESTS.userDirectory, PAGE, { caller, identity: SERVICE_IDENTITY, timeoutMs: 10_000 }),
          (e: Error & { statusCode?: number }) => {
            assert.equal(e.statusCode, 503, caller);
            return true;
          },
        );
      }
      const page = await asker.requests.request(AUTH_REQUESTS.userDirectory, PAGE, { caller: 'admin', identity: SERVICE_IDENTITY, timeoutMs: 10_000 });
      assert.ok(Array.isArray(page.users), 'the admin service is answered');
    });

    test('NATS refuses a service publishing a request subject its contract does not name it a caller of (distributed)', {
      skip: profile !== 'distributed',
    }, async () => {
      const subject = wireSubjectFor(AUTH_REQUESTS.userDirectory.subject, stack.env.NATS_PREFIX);
      const operator = await connect({ servers: stack.env.NATS_URL!, user: stack.env.NATS_USER, pass: stack.env.NATS_PASSWORD });
      const seen: string[] = [];
      const watcher = operator.subscribe(subject, { callback: (_error, msg) => void seen.push(msg.string()) });
      await operator.flush();
      const [ledger, admin] = [await connectAs(stack.platforms.ledger!), await connectAs(stack.platforms.admin!)];
      try {
        const errors: string[] = [];
        void (async () => {
          for await (const status of ledger.status()) if (status.type === 'error') errors.push(String(status.error));
        })();
        ledger.publish(subject, '{"by":"ledger"}');
        // The server handles the PUB before it answers this PING, and the operator's PING after that.
        await ledger.flush();
        admin.publish(subject, '{"by":"admin"}');
        await admin.flush();
        await operator.flush();
        assert.deepEqual(seen, ['{"by":"admin"}'], "only the admin service's request arrived");
        assert.ok(
          errors.some((e) => /Permissions Violation for Publish/.test(e)),
          `the server told the ledger: ${errors.join('; ')}`,
        );
        // A subject it is a caller of stays open to it (priorities' ledger.debit is not the ledger's).
        const own = wireSubjectFor('rpc.ledger.debit', stack.env.NATS_PREFIX);
        const debits: string[] = [];
        const debitWatcher = operator.subscribe(own, { callback: (_error, msg) => void debits.push(msg.string()) });
        await operator.flush();
        admin.publish(own, '{}');
        await admin.flush();
        await operator.flush();
        debitWatcher.unsubscribe();
        assert.deepEqual(debits, [], 'the admin service may not ask the ledger for a debit either');
      } finally {
        watcher.unsubscribe();
        for (const nc of [ledger, admin, operator]) await nc.close();
      }
    });
  });
}
