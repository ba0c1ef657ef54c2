// Notifications with every service (issue 22), on both profiles: real votes, follows and settings
// through the gateway; the distributed profile mails over a real SMTP conversation. A switch turned
// off in /api/settings reaches notifications through account's event and holds for the next batch;
// an unsubscribe link turns the switch off in account too; the export carries the waiting batch, the
// mails sent and the links used; erasure leaves nothing of the user.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ZAccountExport } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { ALL_SERVICES } from '../../../test/support/integration-suite.ts';
import { type MultipartMail, parseMultipartMail, readMailsTo } from '../../../test/support/multipart-mail.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink.ts';
import { type Stack, startStack } from '../../../test/support/stack.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { address, BULK_TEST_ENV } from '../../../test/support/test-users.ts';
import { PARK_LOOKUP_MS } from '../src/priorities/parked-notifications.ts';
import { GATHER_MS, INTERVAL_MS, NOTIFICATIONS_TEST_ENV, notificationsTables, pollUntil, waitForPending } from './support/notifications-helpers.ts';

interface Person {
  id: string;
  email: string;
  client: ApiClient;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`notifications end to end (${profile}${profile === 'distributed' ? ', SMTP' : ''})`, { skip }, () => {
    const clock = new SteppingClock();
    // The sink starts before the stack (its address goes into the stack's environment) and closes after it.
    let smtp: SmtpSink | undefined;
    let stack: Stack;
    let db: SqlDriver;
    before(async () => {
      if (profile === 'distributed') smtp = await startSmtpSink();
      const mail: Record<string, string> = smtp ? { MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url } : {};
      stack = await startStack(profile, { services: ALL_SERVICES, clock, env: { ...BULK_TEST_ENV, ...NOTIFICATIONS_TEST_ENV, ...mail } });
      db = await notificationsTables(stack);
    });
    after(async () => {
      await stack?.close();
      await smtp?.close();
    });

    /** The notification mails to `email` (the .eml files embedded, the SMTP sink distributed), oldest first. */
    async function notificationMails(email: string): Promise<MultipartMail[]> {
      const all = smtp ? smtp.raw.map(parseMultipartMail) : await readMailsTo(join(stack.dataDir, 'mail'), email);
      return all.filter((m) => m.to.includes(email) && m.headers['list-unsubscribe']);
    }
    const waitForMails = (email: string, count: number) =>
      pollUntil(
        () => notificationMails(email),
        (mails) => mails.length >= count,
        15_000,
      );
    const mailbox = { readLatestMail: (to: string) => (smtp ? smtp.waitFor(to) : stack.readLatestMail(to)) };

    async function person(firstName: string): Promise<Person> {
      const client = stack.client();
      const email = address(firstName.toLowerCase());
      const { id } = await signIn(mailbox, client, email);
      const named = await client.request('PATCH', `/api/users/${id}/profile`, { body: { firstName, lastName: 'Citizen' } });
      assert.equal(named.status, 200, named.text);
      // Notifications knows the name before the person acts (the profile event).
      await pollUntil(
        () => db.query('SELECT 1 FROM notifications.members WHERE user_id = $1::uuid AND first_name = $2', [id, firstName]),
        (rows) => rows.length === 1,
      );
      return { id, email, client };
    }

    test('a vote on a priority notifications never heard of: the priorities service is asked, and the author told', async () => {
      const [author, voter] = [await person('Eve'), await person('Finn')];
      const created = await author.client.post<{ id: string }>('/api/priorities', {
        title: 'Older than the notifications service',
        description: 'A priority created before notifications existed, its creation event long gone.',
        issueId: null,
      });
      assert.equal(created.status, 200, created.text);
      const priorityId = created.body.id;
      await pollUntil(
        () => db.query('SELECT 1 FROM notifications.priorities WHERE priority_id = $1::uuid', [priorityId]),
        (rows) => rows.length === 1,
      );
      // As if the creation had happened before the service existed.
      await db.query('DELETE FROM notifications.priorities WHERE priority_id = $1::uuid', [priorityId]);
      assert.equal((await voter.client.post(`/api/priorities/${priorityId}/vote`, { voteType: 'endorse' })).status, 200);
      await pollUntil(
        () => db.query('SELECT 1 FROM notifications.parked WHERE priority_id = $1::uuid', [priorityId]),
        (rows) => rows.length === 1,
      );
      clock.skip(PARK_LOOKUP_MS);
      await waitForPending(db, author.id, 1);
      clock.skip(GATHER_MS + 1000);
      const [mail] = await waitForMails(author.email, 1);
      assert.equal(mail!.subject, 'Finn Citizen endorsed your priority “Older than the notifications service”');
    });

    test('votes, follows, settings and unsubscribe through every service; export and erasure', async () => {
      const [author, fan, critic] = [await person('Ada'), await person('Bea'), await person('Cal')];
      const created = await author.client.post<{ id: string }>('/api/priorities', {
        title: 'Modernize the power grid',
        description: 'Upgrade transmission lines and storage for a reliable, cleaner grid.',
        issueId: null,
      });
      assert.equal(created.status, 200, created.text);
      const priorityId = created.body.id;
      assert.equal((await fan.client.post(`/api/priorities/${priorityId}/vote`, { voteType: 'endorse' })).status, 200);
      await waitForPending(db, author.id, 1);
      clock.skip(GATHER_MS + 1000);
      const [first] = await waitForMails(author.email, 1);
      assert.equal(first!.subject, 'Bea Citizen endorsed your priority “Modernize the power grid”');

      // Priority notifications off in settings: the next endorsement is not mailed, the follow is.
      const off = await author.client.request('PATCH', '/api/settings', { body: { priorityNotifications: false } });
      assert.equal(off.status, 200, off.text);
      await pollUntil(
        () => db.query<{ on: boolean }>('SELECT priority_notifications AS on FROM notifications.members WHERE user_id = $1::uuid', [author.id]),
        (rows) => rows[0]?.on === false,
      );
      assert.equal((await critic.client.post(`/api/priorities/${priorityId}/vote`, { voteType: 'oppose' })).status, 200);
      assert.equal((await fan.client.post(`/api/users/${author.id}/follow`)).status, 200);
      await waitForPending(db, author.id, 1);
      clock.skip(INTERVAL_MS);
      const mails = await waitForMails(author.email, 2);
      assert.equal(mails[1]!.subject, 'Bea Citizen followed you');
      assert.doesNotMatch(mails[1]!.text, /opposed/);

      // The one-click link of that mail (activity notifications) turns the switch off in account too.
      const oneClick = new URL(mails[1]!.headers['list-unsubscribe']!.slice(1, -1));
      const used = await fetch(`${stack.baseUrl}${oneClick.pathname}${oneClick.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      assert.equal(used.status, 200);
      await pollUntil(
        () => author.client.get<{ activityNotifications: boolean }>('/api/settings'),
        (answer) => answer.body.activityNotifications === false,
      );

      // Export: the author's mails and used link; the fan's waiting batch (not naming the author).
      assert.equal((await author.client.post(`/api/users/${fan.id}/follow`)).status, 200);
      await waitForPending(db, fan.id, 1);
      const authorExport = ZAccountExport.parse((await author.client.get('/api/account/export')).body).sections.notifications;
      assert.equal(authorExport.mails.length, 2);
      assert.ok(authorExport.mails.every((m) => m.sentAt !== null && m.notificationCount === 1));
      assert.deepEqual(
        authorExport.unsubscribes.map((u) => u.switch),
        ['activityNotifications'],
      );
      assert.ok(authorExport.lastMailAt);
      const fanExport = ZAccountExport.parse((await fan.client.get('/api/account/export')).body).sections.notifications;
      assert.deepEqual(
        fanExport.pending.map((p) => ({ kind: p.kind, subjectId: p.subjectId })),
        [{ kind: 'followed', subjectId: null }],
      );
      assert.ok(!JSON.stringify(fanExport).includes(author.id), "who acted is the other citizen's data");

      // Erasure: nothing of the author is left, neither their rows nor the fan's notification naming them.
      const deleted = await author.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);
      await pollUntil(
        () => db.query('SELECT 1 FROM notifications.deleted_users WHERE user_id = $1::uuid', [author.id]),
        (rows) => rows.length === 1,
      );
      for (const [table, column] of [
        ['members', 'user_id'],
        ['mails', 'recipient_id'],
        ['unsubscribe_uses', 'user_id'],
        ['pending', 'actor_id'],
        ['follows', 'follower_id'],
        ['follows', 'followee_id'],
        ['blocks', 'blocker_id'],
        ['blocks', 'blocked_id'],
        ['parked', 'actor_id'],
        ['priorities', 'author_id'],
      ] as const) {
        const rows = await db.query(`SELECT 1 FROM notifications.${table} WHERE ${column} = $1::uuid`, [author.id]);
        assert.equal(rows.length, 0, `${table}.${column}`);
      }
    });
  });
}
