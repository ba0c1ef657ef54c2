// Issue 14 item 4, distributed profile: inside the network every process is someone. A service's
// PostgreSQL role reaches only its own database, and the ledger's cannot rewrite or delete an entry
// (SECURITY 16, by privilege, not only by trigger) yet erases a deleted account; a service's NATS user cannot publish another
// service's events (a forged civic.account.user.deleted reaches no stream and no consumer), nor read
// another's requests or replies; Redis refuses a client without a password.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { accountEvents } from '@civic/contracts';
import { databaseUrl } from '@civic/service-kit/db';
import { streamNameFor, wireSubjectFor } from '@civic/service-kit/events';
import type { Platform } from '@civic/service-kit';
import { signInCitizen, TEST_ENV } from '../services/ledger/test/support/ledger-helpers.ts';
import { openAdminDatabase } from './support/admin-database.ts';
import { profilePlan } from './support/infrastructure.ts';
import { pollUntil } from './support/poll.ts';
import { startStack, type Stack } from './support/stack.ts';

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

/** Runs `sql` as `connectionString`'s role and answers the error it fails with. */
async function refusal(connectionString: string, sql: string, params: unknown[] = []): Promise<string> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    await client.query(sql, params);
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
  assert.fail(`expected PostgreSQL to refuse: ${sql}`);
}

/** NATS as the user the platform's service runs as. */
function connectAs(platform: Platform): Promise<NatsConnection> {
  const { NATS_URL, NATS_USER, NATS_PASSWORD } = platform.config;
  return connect({ servers: NATS_URL!, user: NATS_USER, pass: NATS_PASSWORD, ...(NATS_USER ? { inboxPrefix: `_INBOX_${NATS_USER}` } : {}) });
}

describe('authentication inside the network (distributed)', { skip: distributed.skip }, () => {
  let stack: Stack;
  let admin: NatsConnection;
  before(async () => {
    stack = await startStack('distributed', { env: TEST_ENV });
    admin = await connect({ servers: stack.env.NATS_URL!, user: stack.env.NATS_USER, pass: stack.env.NATS_PASSWORD });
  });
  after(async () => {
    await admin?.close();
    await stack?.close();
  });

  const serviceDatabase = (platform: Platform, service: string) => databaseUrl(platform.config.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}${service}`);

  test("the ledger's runtime role cannot UPDATE, DELETE or TRUNCATE an entry (permission denied) nor lift the trigger", async () => {
    const citizen = await signInCitizen(stack, 'netauth-ledger');
    const ledger = serviceDatabase(stack.platforms.ledger!, 'ledger');
    const client = new pg.Client({ connectionString: ledger });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; role: string; superuser: boolean }>(
        'SELECT e.id, current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser FROM ledger.entries e WHERE e.user_id = $1::uuid',
        [citizen.id],
      );
      assert.equal(rows.length, 1, 'the sign-up credit is readable');
      assert.equal(rows[0]!.superuser, false, `the ledger runs as ${rows[0]!.role}, a superuser`);
      const entry = rows[0]!.id;
      assert.match(await refusal(ledger, 'UPDATE ledger.entries SET amount = 1000 WHERE id = $1::uuid', [entry]), /permission denied for table entries/);
      assert.match(await refusal(ledger, 'DELETE FROM ledger.entries WHERE id = $1::uuid', [entry]), /permission denied for table entries/);
      assert.match(await refusal(ledger, 'TRUNCATE ledger.entries CASCADE'), /permission denied for table entries/);
      // Nor can it take the protection away: the trigger and the table belong to the owner role.
      assert.match(await refusal(ledger, 'ALTER TABLE ledger.entries DISABLE TRIGGER entries_append_only'), /must be owner of table entries/);
    } finally {
      await client.end();
    }
  });

  test("a service's role cannot connect to another service's database", async () => {
    const authRoleOnLedger = serviceDatabase(stack.platforms.auth!, 'ledger');
    assert.match(await refusal(authRoleOnLedger, 'SELECT 1'), /permission denied for database/);
  });

  test('the priorities user cannot publish civic.account.user.deleted: refused, and nothing reaches the stream or a consumer', async () => {
    const forged = wireSubjectFor(accountEvents.UserDeleted.subject, stack.env.NATS_PREFIX);
    const envelope = JSON.stringify({
      id: randomUUID(),
      subject: accountEvents.UserDeleted.subject,
      occurredAt: new Date().toISOString(),
      version: 1,
      payload: { userId: randomUUID(), deletedAt: new Date().toISOString() },
    });
    // Whatever a subscriber to the subject would see (a consumer's durable reads the stream, checked below).
    const seen: string[] = [];
    const watcher = admin.subscribe(forged, { callback: (_error, msg) => void seen.push(msg.string()) });
    await admin.flush();

    const priorities = await connectAs(stack.platforms.priorities!);
    try {
      await assert.rejects(jetstream(priorities).publish(forged, envelope, { msgID: randomUUID() }), /Permissions Violation for Publish/);
      priorities.publish(forged, envelope);
      // The server handles the PUB before it answers this PING, and the admin's PING after that.
      await priorities.flush();
      await admin.flush();
      // Its own events it may publish (the control: the user and the stream work).
      const ack = await jetstream(priorities).publish(wireSubjectFor('civic.priorities.netauth.probe', stack.env.NATS_PREFIX), '{}', { msgID: randomUUID() });
      assert.ok(ack.seq > 0);
    } finally {
      await priorities.close();
    }
    watcher.unsubscribe();
    assert.deepEqual(seen, []);
    const jsm = await jetstreamManager(admin);
    const info = await jsm.streams.info(streamNameFor('account', stack.env.NATS_PREFIX), { subjects_filter: forged });
    assert.deepEqual(info.state.subjects ?? {}, {}, 'a forged erasure reached the account stream');
  });

  test("a service's user cannot read another's requests or replies, and an anonymous client is refused", async () => {
    const priorities = await connectAs(stack.platforms.priorities!);
    try {
      // The ledger's debit requests, and the account service's replies (exports).
      for (const subject of [wireSubjectFor('rpc.ledger.debit', stack.env.NATS_PREFIX), '_INBOX_account.>']) {
        const subscription = priorities.subscribe(subject);
        // The server's refusal comes before its answer to this PING.
        await priorities.flush();
        assert.equal(subscription.isClosed(), true, `subscribed to ${subject}`);
        assert.match(String(await subscription.closed), /Permissions Violation for Subscription/, subject);
      }
    } finally {
      await priorities.close();
    }
    await assert.rejects(connect({ servers: stack.env.NATS_URL!, reconnect: false }), /Authorization Violation/);
  });

  test('Redis refuses a client without a password, and a service user stays in its prefix', async () => {
    const url = new URL(stack.platforms.auth!.config.REDIS_URL!);
    const anonymous = new Redis({ host: url.hostname, port: Number(url.port), lazyConnect: true, maxRetriesPerRequest: 0, enableReadyCheck: false });
    anonymous.on('error', () => {});
    try {
      await anonymous.connect().catch(() => {});
      await assert.rejects(anonymous.get(`${stack.env.REDIS_PREFIX}any`), /NOAUTH|NOPERM|WRONGPASS/);
    } finally {
      anonymous.disconnect();
    }
    const auth = new Redis(stack.platforms.auth!.config.REDIS_URL!, { maxRetriesPerRequest: 0 });
    try {
      await assert.rejects(auth.get('someone-else:key'), /NOPERM/);
      await assert.rejects(auth.flushall(), /NOPERM/);
      assert.equal(await auth.set(`${stack.env.REDIS_PREFIX}netauth`, '1'), 'OK');
    } finally {
      auth.disconnect();
    }
  });

  // Last: the real erasure puts a civic.account.user.deleted on the account stream, which the forgery test counts.
  test("the ledger's runtime role still erases a deleted account (the owner's ledger.erase_entries), leaving its tombstone", async () => {
    const citizen = await signInCitizen(stack, 'netauth-erased');
    const deleted = await citizen.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
    assert.equal(deleted.status, 200, deleted.text);
    const tables = openAdminDatabase(stack, 'ledger');
    const held = await pollUntil(
      async () =>
        (
          await tables.query<{ accounts: number; entries: number; erased: number }>(
            `SELECT (SELECT count(*)::int FROM ledger.accounts WHERE user_id = $1::uuid) AS accounts,
                    (SELECT count(*)::int FROM ledger.entries WHERE user_id = $1::uuid) AS entries,
                    (SELECT count(*)::int FROM ledger.deleted_users WHERE user_id = $1::uuid) AS erased`,
            [citizen.id],
          )
        )[0]!,
      (h) => h.entries === 0,
    );
    assert.deepEqual(held, { accounts: 0, entries: 0, erased: 1 });
  });
});
