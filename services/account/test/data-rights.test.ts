// The account-wide data rights of docs/protocols/account-data.md, through the gateway on both run
// profiles: the export (a section per service, nothing of anyone else, owner's session only) and the
// erasure (sessions end at once, every service erases its part, the address can sign up afresh;
// distributed: a service that is down during the deletion finishes it when it comes back).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACCOUNT_DELETION_MESSAGES, accountEvents, EXPORT_FORMAT, EXPORT_SERVICES, ZAccountExport } from '@civic/contracts';
import pg from 'pg';
import { randomToken, sha256 } from '@civic/service-kit';
import { databaseUrl } from '@civic/service-kit/db';
import { accountErasureGuard } from '../src/data-rights/erasure-guard.ts';
import { authHasUser } from '../../../test/support/auth-users.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { pgClientDriver } from '@civic/service-kit/db';
import type { Stack } from '../../../test/support/stack.ts';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { address, patch, pollUntil, signInWithProfile } from './support/account-helpers.ts';

const deleteAccount = (client: ApiClient, body: unknown = { confirmation: 'DELETE' }) => client.request('DELETE', '/api/account', { body });

async function signInNamed(stack: Stack, label: string, firstName: string) {
  const email = address(label);
  const client = stack.client();
  const { id } = await signIn(stack, client, email);
  await pollUntil(
    () => client.get(`/api/users/${id}/profile`),
    (r) => r.status === 200,
  );
  const edited = await patch(client, `/api/users/${id}/profile`, { firstName, lastName: 'Exporter', location: 'Boise, ID' });
  assert.equal(edited.status, 200, edited.text);
  return { client, id, email };
}

for (const { profile, skip } of await profilePlan()) {
  describe(`account data rights (${profile})`, { skip }, () => {
    const clock = new SteppingClock();
    const stack = useStack(profile, { services: ALL_SERVICES, clock, env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });

    test('the export holds a section per service with the owner data and nothing of other users', async () => {
      const owner = await signInNamed(stack, 'export-owner', 'Octavia');
      const other = await signInNamed(stack, 'export-other', 'Bartholomew');
      await patch(owner.client, '/api/settings', { emailNotifications: false });

      const answer = await owner.client.get('/api/account/export');
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      assert.match(answer.headers.get('content-disposition') ?? '', /attachment; filename="civic-agenda-export-\d{4}-\d{2}-\d{2}T[\d-]+Z\.json"/);
      const document = ZAccountExport.parse(answer.body);
      assert.equal(document.format, EXPORT_FORMAT);
      assert.equal(document.userId, owner.id);
      assert.deepEqual(Object.keys(document.sections).sort(), [...EXPORT_SERVICES].sort());
      assert.equal(document.sections.auth.email, owner.email);
      assert.ok(document.sections.auth.signInRequests.length >= 1);
      assert.equal(document.sections.account.profile?.firstName, 'Octavia');
      assert.equal(document.sections.account.profile?.location, 'Boise, ID');
      assert.equal(document.sections.account.settings?.emailNotifications, false);
      // Nothing of the other user, and no secrets of any kind.
      assert.ok(!answer.text.includes(other.id));
      assert.ok(!answer.text.includes(other.email));
      assert.ok(!answer.text.includes('Bartholomew'));
      assert.ok(!/hash|code|token/i.test(answer.text), 'no codes, tokens or hashes');
    });

    test('the export needs the owner session', async () => {
      assert.equal((await stack.client().get('/api/account/export')).status, 401);
    });

    // Gathered like the export, from every service that owns a count (the assembly from their answers:
    // settings/settings.test.ts).
    test('account stats answer every count of spec 3', async () => {
      const { client } = await signInWithProfile(stack, 'stats');
      const stats = await client.get('/api/account/stats');
      assert.equal(stats.status, 200);
      // A new user has nothing yet, in any of the services that count.
      assert.deepEqual(stats.body, {
        prioritiesCount: 0,
        briefingDocsCount: 0,
        activitiesCount: 0,
        votesCount: 0,
        followersCount: 0,
        followingCount: 0,
      });
    });

    test('a deletion without exactly DELETE is refused and changes nothing', async () => {
      const { client, id } = await signInWithProfile(stack, 'delete-refused');
      for (const body of [{}, { confirmation: 'delete' }, { confirmation: 'DELETE ' }, { confirmation: true }, { confirmation: 'DELETE', extra: 1 }]) {
        const answer = await deleteAccount(client, body);
        assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
        if (!('extra' in body)) assert.equal(answer.body.message, ACCOUNT_DELETION_MESSAGES.confirmation);
      }
      assert.equal((await client.get('/api/auth/user')).status, 200);
      assert.equal((await client.get(`/api/users/${id}/profile`)).status, 200);
      assert.equal((await deleteAccount(stack.client())).status, 401, 'signed out');
    });

    test('deleting an account ends every session at once, erases it everywhere, and the address can sign up again', async () => {
      const deleted = await probeEvents(stack.platforms.account!, accountEvents.UserDeleted, `probe_deleted_${profile}`);
      try {
        const { client, id, email } = await signInNamed(stack, 'delete-me', 'Ephemera');
        // A second browser of the same person (past the 30 s between two codes to one address).
        clock.skip(31_000);
        const second = stack.client();
        await signIn(stack, second, email);
        const viewer = await signInWithProfile(stack, 'delete-viewer');

        const answer = await deleteAccount(client);
        assert.equal(answer.status, 200, answer.text);
        assert.deepEqual(answer.body, { message: 'Account deleted' });
        // SECURITY 11: the very next request of either session fails.
        assert.equal((await client.get('/api/auth/user')).status, 401);
        assert.equal((await second.get('/api/settings')).status, 401);
        assert.equal((await viewer.client.get(`/api/users/${id}/profile`)).status, 404);

        const event = await deleted.waitFor((p) => p.userId === id);
        assert.ok(event.payload.deletedAt);
        await pollUntil(
          () => authHasUser(stack, id),
          (exists) => !exists,
        );

        const again = stack.client();
        const fresh = await signIn(stack, again, email);
        assert.notEqual(fresh.id, id, 'a new account with a new id');
        const profileAnswer = await pollUntil(
          () => again.get(`/api/users/${fresh.id}/profile`),
          (r) => r.status === 200,
        );
        assert.equal(profileAnswer.body.firstName, null, 'a new, empty account');
        assert.equal((await again.get(`/api/users/${id}/profile`)).status, 404, 'the old account stays deleted');
      } finally {
        await deleted.stop();
      }
    });

    test('a session that raced the deletion cannot bring the account back', async () => {
      const { client, id } = await signInWithProfile(stack, 'race');
      assert.equal((await deleteAccount(client)).status, 200);
      await pollUntil(
        () => authHasUser(stack, id),
        (exists) => !exists,
      );
      // A sign-in for the old id that slipped in before auth erased the user: a live session record.
      const sessionId = randomToken(32);
      const now = Date.now();
      await stack.gatewayPlatform.sessions.create(sha256(sessionId), { userId: id, isAdmin: false, isBanned: false, createdAt: now, expiresAt: now + 60_000 });
      const racer = stack.client();
      racer.cookies.set('sid', sessionId);
      const edit = await patch(racer, `/api/users/${id}/profile`, { firstName: 'Ghost' });
      assert.equal(edit.status, 404, edit.text);
      assert.equal(edit.body.message, 'User not found');
      assert.equal((await patch(racer, '/api/settings', { emailNotifications: false })).status, 404);
      assert.equal((await racer.get(`/api/users/${id}/profile`)).status, 404);
    });

    if (profile === 'distributed') {
      /** A connection to the account database, for a transaction that stands in for one side of a race. */
      const accountDb = async () => {
        const client = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}account`) });
        await client.connect();
        return client;
      };
      const profileRows = async (db: pg.Client, id: string) => (await db.query('SELECT 1 FROM account.profiles WHERE user_id = $1', [id])).rowCount;

      test('a profile edit that passed its checks before DELETE /api/account committed is erased with the rest', async () => {
        const { client, id } = await signInWithProfile(stack, 'edit-then-delete');
        const edit = await accountDb();
        try {
          // An edit under way: it holds the shared user lock and has found no tombstone; its write comes later.
          const editPid = await backendPid(edit);
          await edit.query('BEGIN');
          assert.equal(await accountErasureGuard.isDeletedUser(pgClientDriver(edit), id), false);
          const deletion = deleteAccount(client);
          // The deletion has reached the user lock and waits for the edit.
          await waitUntilBlocked(edit, editPid);
          await edit.query(
            "INSERT INTO account.profiles (user_id, bio, updated_at) VALUES ($1, 'written late', now()) ON CONFLICT (user_id) DO UPDATE SET bio = EXCLUDED.bio",
            [id],
          );
          await edit.query('COMMIT');
          assert.equal((await deletion).status, 200);
          assert.equal(await profileRows(edit, id), 0, 'the deletion waited for the edit and erased what it wrote');
        } finally {
          await edit.end();
        }
      });

      test('a profile edit that arrives while the deletion is under way finds the account gone', async () => {
        const { client, id } = await signInWithProfile(stack, 'delete-then-edit');
        const deletion = await accountDb();
        try {
          // The deletion under way: exclusive user lock, rows erased, tombstone written, not committed yet.
          const deletionPid = await backendPid(deletion);
          await deletion.query('BEGIN');
          await accountErasureGuard.lockExclusive(pgClientDriver(deletion), id);
          await deletion.query('DELETE FROM account.profiles WHERE user_id = $1', [id]);
          await deletion.query('DELETE FROM account.settings WHERE user_id = $1', [id]);
          await deletion.query('INSERT INTO account.deleted_users (user_id, deleted_at) VALUES ($1, now())', [id]);
          const edit = patch(client, `/api/users/${id}/profile`, { firstName: 'Late', bio: 'Edited while deleting' });
          const setting = patch(client, '/api/settings', { emailNotifications: false });
          // Both writes have reached the user lock and wait for the deletion.
          await waitUntilBlocked(deletion, deletionPid, { waiters: 2 });
          await deletion.query('COMMIT');
          assert.equal((await edit).status, 404);
          assert.equal((await setting).status, 404);
          assert.equal(await profileRows(deletion, id), 0, 'no profile came back');
          assert.equal((await deletion.query('SELECT 1 FROM account.settings WHERE user_id = $1', [id])).rowCount, 0, 'no settings came back');
        } finally {
          await deletion.end();
        }
      });

      test('a deletion while auth is down completes when auth returns; the export answers 503 meanwhile', async () => {
        const { client, id, email } = await signInNamed(stack, 'auth-down', 'Patience');
        const exporter = await signInWithProfile(stack, 'export-while-down');
        await stack.stopService('auth');
        try {
          const exportAnswer = await exporter.client.get('/api/account/export');
          assert.equal(exportAnswer.status, 503, exportAnswer.text);
          assert.equal(exportAnswer.body.message, 'The auth service could not answer right now. Please try again.');

          const answer = await deleteAccount(client);
          assert.equal(answer.status, 200, answer.text);
          assert.equal((await client.get('/api/settings')).status, 401, 'sessions end without auth');
        } finally {
          await stack.startService('auth');
        }
        await pollUntil(
          () => authHasUser(stack, id),
          (exists) => !exists,
          15_000,
        );
        const fresh = await signIn(stack, stack.client(), email);
        assert.notEqual(fresh.id, id);
      });
    }
  });
}
