// Every operation of contracts/ is guarded as its `auth` declares, through the gateway on a running
// stack (the kit applies the guard, services/kit/src/http/operation-guards.ts): a visitor gets 401
// wherever a session is needed, a banned user 403 where the operation is 'active-user', a normal user
// 403 where it is 'admin', a deleted account's old session 401, and a public operation answers a
// visitor without asking for a session. Bodies are empty and so invalid: the guard must answer first.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ALL_OPERATIONS, PRIORITY_STREAM_PATH, type Operation } from '@civic/contracts';
import { randomToken, sha256 } from '@civic/service-kit';
import type { ApiClient } from './support/api-client.ts';
import { ROUTE_TABLE } from '../gateway/src/route-table.ts';
import { profilePlan } from './support/infrastructure.ts';
import { signIn } from './support/sign-in.ts';
import { startStack, type Stack } from './support/stack.ts';
import { address, BULK_TEST_ENV } from './support/test-users.ts';

/** The operation's path with a fresh UUID for every parameter. */
const concretePath = (operation: Operation) => operation.path.replace(/\{[a-z]+\}/gi, () => randomUUID());

const call = (client: ApiClient, operation: Operation) => client.request(operation.method, concretePath(operation), operation.body ? { body: {} } : {});

const label = (operation: Operation) => `${operation.method} ${operation.path} (auth: ${operation.auth})`;

for (const { profile, skip } of await profilePlan()) {
  describe(`route guards from the contracts (${profile})`, { skip }, () => {
    let stack: Stack;
    before(async () => {
      stack = await startStack(profile, { env: BULK_TEST_ENV });
    });
    after(async () => {
      await stack?.close();
    });

    /** A client whose session the gateway holds for a user with these flags (no sign-in needed). */
    const sessionClient = async (flags: { isAdmin: boolean; isBanned: boolean }) => {
      const sessionId = randomToken(32);
      const now = Date.now();
      await stack.gatewayPlatform.sessions.create(sha256(sessionId), { userId: randomUUID(), ...flags, createdAt: now, expiresAt: now + 600_000 });
      const client = stack.client();
      client.cookies.set('sid', sessionId);
      return client;
    };

    test('the contracts declare operations of every kind the test checks', () => {
      assert.ok(ALL_OPERATIONS.some((operation) => operation.auth === 'none'));
      assert.ok(ALL_OPERATIONS.some((operation) => operation.auth === 'user'));
      assert.ok(ALL_OPERATIONS.some((operation) => operation.auth === 'active-user'));
    });

    test('a visitor gets 401 from every operation that needs a session, and an answer from every public one', async () => {
      const visitor = stack.client();
      for (const operation of ALL_OPERATIONS) {
        const answer = await call(visitor, operation);
        if (operation.auth === 'none') {
          // A 404 must be the operation's own (a snapshot of a random id), never "no such route".
          const routed = answer.status !== 404 || (operation.errors.includes(404) && answer.body?.code !== 'NOT_FOUND');
          assert.ok(answer.status !== 401 && routed && answer.status < 500, `${label(operation)}: ${answer.status} ${answer.text}`);
        } else {
          assert.equal(answer.status, 401, `${label(operation)}: ${answer.text}`);
        }
      }
      assert.equal((await visitor.get(PRIORITY_STREAM_PATH)).status, 401, 'the live stream (no operation, its own config.auth)');
    });

    test('a banned user gets 403 from every active-user operation, a normal user 403 from every admin one', async () => {
      const banned = await sessionClient({ isAdmin: false, isBanned: true });
      const member = await sessionClient({ isAdmin: false, isBanned: false });
      for (const operation of ALL_OPERATIONS) {
        if (operation.auth === 'active-user' || operation.auth === 'admin') {
          const answer = await call(banned, operation);
          assert.equal(answer.status, 403, `banned, ${label(operation)}: ${answer.text}`);
        }
        if (operation.auth === 'admin') {
          const answer = await call(member, operation);
          assert.equal(answer.status, 403, `member, ${label(operation)}: ${answer.text}`);
        }
      }
    });

    test('no /api/admin/* route answers a citizen: every admin operation and every admin path of the gateway route table, any method', async () => {
      const visitor = stack.client();
      const member = await sessionClient({ isAdmin: false, isBanned: false });
      const adminOperations = ALL_OPERATIONS.filter((operation) => operation.path.startsWith('/api/admin/'));
      assert.ok(adminOperations.length >= 9, 'the admin operations are in the contracts');
      for (const operation of adminOperations) {
        assert.equal(operation.auth, 'admin', `${label(operation)} is an admin path`);
        assert.equal((await call(visitor, operation)).status, 401, `visitor, ${label(operation)}`);
        assert.equal((await call(member, operation)).status, 403, `member, ${label(operation)}`);
      }
      // Every path the gateway sends to a service under /api/admin, with every method: the admin
      // service refuses before it looks (401, 403) even where no route exists yet (/api/admin/users);
      // another owner's path answers its operation's guard, or 404 for a method it does not serve.
      const concrete = (pattern: string) => pattern.replace(/:[a-z]+/gi, () => randomUUID()).replace(/\*$/, randomUUID());
      for (const claim of ROUTE_TABLE) {
        for (const pattern of claim.patterns.filter((p) => p.startsWith('/api/admin'))) {
          for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
            const path = concrete(pattern);
            const options = method === 'GET' || method === 'DELETE' ? {} : { body: {} };
            const asVisitor = await visitor.request(method, path, options);
            const asMember = await member.request(method, path, options);
            const where = `${method} ${path} (${claim.service})`;
            if (claim.service === 'admin') {
              assert.equal(asVisitor.status, 401, `visitor, ${where}: ${asVisitor.text}`);
              assert.equal(asMember.status, 403, `member, ${where}: ${asMember.text}`);
            } else {
              assert.ok([401, 404].includes(asVisitor.status), `visitor, ${where}: ${asVisitor.status}`);
              assert.ok([403, 404].includes(asMember.status), `member, ${where}: ${asMember.status}`);
            }
          }
        }
      }
    });

    test("a deleted account's old session gets 401 from every operation that needs a session", async () => {
      const client = stack.client();
      await signIn(stack, client, address('guard-deleted'));
      // Kept before the deletion: its answer clears the cookie, and a client could keep it.
      const sessionId = client.cookies.get('sid');
      assert.ok(sessionId, 'signed in with a session cookie');
      const deleted = await client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);
      const old = stack.client();
      old.cookies.set('sid', sessionId);
      for (const operation of ALL_OPERATIONS.filter((candidate) => candidate.auth !== 'none')) {
        const answer = await call(old, operation);
        assert.equal(answer.status, 401, `${label(operation)}: ${answer.text}`);
      }
    });
  });
}
