// Issue 22, on both profiles: what account publishes when settings change (civic.account.settings.changed
// for a notification switch, with a version that grows with every change; privacy.changed for a
// visibility) and what it does with civic.notifications.switch.unsubscribed, which a test producer
// publishes on the notifications service's stream as that service will.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { accountEvents, notificationsEvents, type TNotificationSwitch } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { openAdminDatabase } from '../../../test/support/admin-database.ts';
import { type EventProbe, probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { MIGRATIONS_DIR } from '../src/app.ts';
import { patch, pollUntil, signInWithProfile } from './support/account-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`account settings events (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account'], env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    let settingsChanged: EventProbe<typeof accountEvents.SettingsChanged>;
    let privacyChanged: EventProbe<typeof accountEvents.PrivacyChanged>;
    let producer: TestProducer;
    let tables: SqlDriver;
    before(async () => {
      const platform = await stack.adminPlatform();
      const suffix = randomUUID().slice(0, 8);
      settingsChanged = await probeEvents(platform, accountEvents.SettingsChanged, `probe_settings_${suffix}`);
      privacyChanged = await probeEvents(platform, accountEvents.PrivacyChanged, `probe_privacy_${suffix}`);
      // Stopped before the stack's services (integration-suite.ts), as the producer stops itself.
      stack.onClose(() => settingsChanged.stop());
      stack.onClose(() => privacyChanged.stop());
      producer = await startTestProducer(stack);
      tables =
        stack.profile === 'distributed'
          ? openAdminDatabase(stack, 'account')
          : (await stack.platforms.account!.databases.open('account', MIGRATIONS_DIR)).driver;
    });

    const eventsOf = (userId: string) => settingsChanged.received.map((e) => e.payload).filter((p) => p.userId === userId);
    const unsubscribe = (userId: string, which: TNotificationSwitch) =>
      producer.publish(notificationsEvents.SwitchUnsubscribed, { userId, switch: which, unsubscribedAt: new Date().toISOString() });

    test('a switch change publishes the switches after it with a growing version; a visibility change publishes privacy only', async () => {
      const { client, id } = await signInWithProfile(stack, 'switch-events');
      assert.equal((await patch(client, '/api/settings', { emailNotifications: false })).status, 200);
      const first = await settingsChanged.waitFor((p) => p.userId === id);
      assert.deepEqual(
        { ...first.payload, changedAt: undefined },
        { userId: id, emailNotifications: false, activityNotifications: true, priorityNotifications: true, version: 1, changedAt: undefined },
      );
      assert.ok(!Number.isNaN(Date.parse(first.payload.changedAt)));

      // A visibility change raises the version too (every change does) but is privacy.changed's to report.
      assert.equal((await patch(client, '/api/settings', { activityVisibility: 'private' })).status, 200);
      const privacy = await privacyChanged.waitFor((p) => p.userId === id);
      assert.deepEqual([privacy.payload.profileVisibility, privacy.payload.activityVisibility], ['public', 'private']);

      assert.equal((await patch(client, '/api/settings', { priorityNotifications: false })).status, 200);
      const third = await settingsChanged.waitFor((p) => p.userId === id && p.version > 1);
      assert.deepEqual([third.payload.emailNotifications, third.payload.activityNotifications, third.payload.priorityNotifications], [false, true, false]);
      assert.equal(third.payload.version, 3);
      // Events of one user arrive in order: nothing for the visibility change came between.
      assert.deepEqual(
        eventsOf(id).map((p) => p.version),
        [1, 3],
      );
      assert.equal(privacyChanged.received.filter((e) => e.payload.userId === id).length, 1, 'switch changes publish no privacy.changed');
    });

    test('an unsubscribe link turns the switch off, raises the version and publishes it; again is harmless', async () => {
      const { client, id } = await signInWithProfile(stack, 'unsubscribed');
      assert.equal((await patch(client, '/api/settings', { profileVisibility: 'private' })).status, 200);
      await unsubscribe(id, 'activityNotifications');
      const settings = await pollUntil(
        async () => (await client.get('/api/settings')).body,
        (body) => body.activityNotifications === false,
      );
      assert.deepEqual(settings, {
        profileVisibility: 'private',
        activityVisibility: 'public',
        emailNotifications: true,
        activityNotifications: false,
        priorityNotifications: true,
      });
      const changed = await settingsChanged.waitFor((p) => p.userId === id);
      assert.deepEqual(
        [changed.payload.emailNotifications, changed.payload.activityNotifications, changed.payload.priorityNotifications, changed.payload.version],
        [true, false, true, 2],
      );

      // The same switch again (a second link of the same kind): still off, and said once more.
      await unsubscribe(id, 'activityNotifications');
      const again = await settingsChanged.waitFor((p) => p.userId === id && p.version === 3);
      assert.equal(again.payload.activityNotifications, false);
      assert.equal((await client.get('/api/settings')).body.activityNotifications, false);
      // The master switch goes off the same way.
      await unsubscribe(id, 'emailNotifications');
      const master = await settingsChanged.waitFor((p) => p.userId === id && p.version === 4);
      assert.deepEqual([master.payload.emailNotifications, master.payload.activityNotifications], [false, false]);
      assert.equal((await client.get('/api/settings')).body.emailNotifications, false);
    });

    test("a deleted user's unsubscribe records nothing and publishes nothing", async () => {
      const leaving = await signInWithProfile(stack, 'unsubscribed-leaving');
      const marker = await signInWithProfile(stack, 'unsubscribed-marker');
      const gone = await leaving.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(gone.status, 200, gone.text);
      await unsubscribe(leaving.id, 'priorityNotifications');
      // One consumer takes the subject's events in order: once the marker's is handled, so was the first.
      await unsubscribe(marker.id, 'priorityNotifications');
      await settingsChanged.waitFor((p) => p.userId === marker.id);
      assert.deepEqual(eventsOf(leaving.id), []);
      const [row] = await tables.query<{ n: string }>('SELECT count(*) AS n FROM account.settings WHERE user_id = $1::uuid', [leaving.id]);
      assert.equal(Number(row!.n), 0);
    });
  });
}
